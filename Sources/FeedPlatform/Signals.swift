/// The package's signal plumbing, the one place that sets a disposition or a
/// mask: a handler installed, a signal ignored or restored, signals held
/// while a table a handler reads is changed, or waited for on one thread.
public enum Signals {
    public typealias Handler = @convention(c) (Int32) -> Void

    /// Installs `handler` for each of `signals` (no flags, nothing masked).
    public static func install(_ handler: Handler, for signals: [Int32]) {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = handler
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        for signal in signals { sigaction(signal, &action, nil) }
    }

    /// A handler that is told where a fault lies (`SignalSafe.faultAddress`).
    public typealias FaultHandler = @convention(c) (Int32, UnsafeMutablePointer<siginfo_t>?, UnsafeMutableRawPointer?) -> Void

    /// Installs `handler` for `signal` with the fault's details (SA_SIGINFO),
    /// nothing masked. A fault it does not take is passed on by
    /// `SignalSafe.raiseWithDefaultAction`.
    public static func installFaultHandler(_ handler: FaultHandler, for signal: Int32) {
        var action = sigaction()
        action.__sigaction_handler.sa_sigaction = handler
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_SIGINFO
        sigaction(signal, &action, nil)
    }

    /// Whether `signal` is ignored now: as the process was started with it
    /// (a shell starts a background job with SIGINT and SIGQUIT ignored), or
    /// as `ignore` left it.
    public static func isIgnored(_ signal: Int32) -> Bool {
        var current = sigaction()
        guard sigaction(signal, nil, &current) == 0, current.sa_flags & SA_SIGINFO == 0 else { return false }
        return unsafeBitCast(current.__sigaction_handler.sa_handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
    }

    /// Ignores each of `signals` (SIGPIPE: a write to a closed pipe fails
    /// with EPIPE instead; SIGXFSZ: a write past `ulimit -f` with EFBIG).
    public static func ignore(_ signals: [Int32]) {
        for signal in signals { setDisposition(signal, SIG_IGN) }
    }

    /// Gives each of `signals` its default action back (a shell starts a
    /// background job with SIGINT ignored).
    public static func restoreDefault(_ signals: [Int32]) {
        for signal in signals { setDisposition(signal, SIG_DFL) }
    }

    /// A set of the given signals.
    public static func set(_ signals: [Int32]) -> sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        for signal in signals { sigaddset(&set, signal) }
        return set
    }

    /// Runs `body` with `signals` held; they are delivered after it. With
    /// `deliveringPendingFirst`, one that had already arrived is delivered
    /// before `body` (its handler runs first; one that exits stops `body`).
    public static func holding<T, E: Error>(_ signals: [Int32], deliveringPendingFirst: Bool = false,
                                            _ body: () throws(E) -> T) throws(E) -> T {
        var block = set(signals), previous = sigset_t()
        pthread_sigmask(SIG_BLOCK, &block, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        if deliveringPendingFirst {
            var arrived = sigset_t()
            sigpending(&arrived)
            if signals.contains(where: { sigismember(&arrived, $0) == 1 }) {
                pthread_sigmask(SIG_SETMASK, &previous, nil)
                pthread_sigmask(SIG_BLOCK, &block, nil)
            }
        }
        return try body()
    }

    /// Blocks `signals` in this thread and every thread it starts after, so
    /// that `wait(for:)` is the one place they arrive.
    public static func block(_ signals: [Int32]) {
        var block = set(signals)
        pthread_sigmask(SIG_BLOCK, &block, nil)
    }

    /// Waits for one of `signals`, which `block` held; the one that came.
    public static func wait(for signals: [Int32]) -> Int32 {
        var waited = set(signals), received: Int32 = 0
        while sigwait(&waited, &received) != 0 {}
        return received
    }

    private static func setDisposition(_ signal: Int32, _ disposition: __sighandler_t?) {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = disposition
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        sigaction(signal, &action, nil)
    }
}

extension Signals {
    /// Stops this process (SIGSTOP) until something continues it (SIGCONT):
    /// a test seam's pause at a chosen point, never a disposition change.
    public static func stopSelf() {
        _ = raise(SIGSTOP)
    }
}
