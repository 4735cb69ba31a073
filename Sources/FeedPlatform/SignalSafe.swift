/// What a signal handler may call: async-signal-safe system calls only, no
/// allocation, no lock, no retry (the handler ends the process right after).
public enum SignalSafe {
    /// One write(2) of `count` bytes at `bytes`, whatever comes of it.
    public static func write(_ fd: Int32, _ bytes: UnsafePointer<UInt8>, _ count: Int) {
        _ = writeBytes(fd, bytes, count)
    }

    /// unlink(2) of a C string made beforehand.
    public static func unlink(_ path: UnsafePointer<CChar>) {
        _ = unlinkPath(path)
    }

    /// Where the fault that raised the signal `info` describes lies; nil for
    /// a signal some process sent (kill(2), raise(3), sigqueue(3): no fault).
    public static func faultAddress(_ info: UnsafeMutablePointer<siginfo_t>?) -> UInt? {
        guard let info, info.pointee.si_code > 0 else { return nil }
        return UInt(bitPattern: info.pointee._sifields._sigfault.si_addr)
    }

    /// Gives `signal` its default action back and raises it: held while its
    /// handler runs, it takes effect when the handler returns (a fault that
    /// was not ours ends the process as it would have without the handler).
    public static func raiseWithDefaultAction(_ signal: Int32) {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = SIG_DFL
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        _ = sigaction(signal, &action, nil)
        _ = raiseSignal(signal)
    }

    /// _exit(2): ends the process at once, no exit handlers, no flushing.
    public static func exit(_ status: Int32) -> Never {
        _exit(status)
    }
}

// The C library's functions, named from outside the enum (inside it, `write`
// and `unlink` are the methods above).
private func writeBytes(_ fd: Int32, _ bytes: UnsafePointer<UInt8>, _ count: Int) -> Int { write(fd, bytes, count) }
private func raiseSignal(_ signal: Int32) -> Int32 { raise(signal) }
private func unlinkPath(_ path: UnsafePointer<CChar>) -> Int32 { unlink(path) }
