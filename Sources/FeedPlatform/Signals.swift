/// The package's signal plumbing: one way to install a handler, one way to
/// hold signals while a table a handler reads is changed.
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

    /// A set of the given signals.
    public static func set(_ signals: [Int32]) -> sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        for signal in signals { sigaddset(&set, signal) }
        return set
    }

    /// Runs `body` with `signals` held; they are delivered after it.
    public static func holding<T, E: Error>(_ signals: [Int32], _ body: () throws(E) -> T) throws(E) -> T {
        var block = set(signals), previous = sigset_t()
        pthread_sigmask(SIG_BLOCK, &block, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        return try body()
    }
}
