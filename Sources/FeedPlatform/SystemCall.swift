/// How the package makes a system call: the one place that decides what an
/// interrupted call (EINTR, a signal's handler ran meanwhile) means. A call
/// that failed for any other reason throws its `errno` as a `SystemError`.
///
/// The policy: every call is retried when a signal interrupted it, but
/// `close` (on Linux the descriptor is gone even then, and a retry could
/// close another thread's new one) and waits with a timeout, whose caller
/// looks again anyway (`Readiness`).
public enum SystemCall {
    /// Runs `call` until it does not fail with EINTR (or once, without
    /// `retryOnInterrupt`); its value, or the error that stopped it.
    @inline(__always)
    public static func value<I: FixedWidthInteger>(retryOnInterrupt: Bool = true, _ call: () -> I) throws(SystemError) -> I {
        while true {
            let value = call()
            if value != -1 { return value }
            let error = SystemError.current
            if retryOnInterrupt && error.code == EINTR { continue }
            throw error
        }
    }

    /// Whether `error` is an interruption, for the few callers that act on it
    /// rather than retrying (a connect that goes on in the background).
    public static func wasInterrupted(_ error: SystemError) -> Bool { error.code == EINTR }
}
