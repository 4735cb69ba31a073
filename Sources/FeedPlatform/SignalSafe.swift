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

    /// _exit(2): ends the process at once, no exit handlers, no flushing.
    public static func exit(_ status: Int32) -> Never {
        _exit(status)
    }
}

// The C library's functions, named from outside the enum (inside it, `write`
// and `unlink` are the methods above).
private func writeBytes(_ fd: Int32, _ bytes: UnsafePointer<UInt8>, _ count: Int) -> Int { write(fd, bytes, count) }
private func unlinkPath(_ path: UnsafePointer<CChar>) -> Int32 { unlink(path) }
