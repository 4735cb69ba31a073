#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The path of a temporary file to remove if the command is cancelled, as a C
/// string the signal handler can read without allocating.
nonisolated(unsafe) private var pendingPath: UnsafeMutablePointer<CChar>? = nil

/// The cancel course: on SIGINT or SIGTERM stop at once, write nothing more to
/// stdout or stderr, remove any half-written temporary file, exit 130 / 143.
public enum CancelCourse {
    public static func install() {
        // Touch the global before any handler can run, so the handler never
        // triggers its lazy initialisation.
        pendingPath = nil
        let handler: @convention(c) (Int32) -> Void = { signal in
            if let path = pendingPath { unlink(path) }
            _exit(128 + signal)
        }
        var action = sigaction()
        action.__sigaction_handler.sa_handler = handler
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        sigaction(SIGINT, &action, nil)
        sigaction(SIGTERM, &action, nil)
    }

    /// Names a temporary file the handler removes on cancel; nil clears it.
    /// Signals are blocked while the name changes, so the handler never sees
    /// a half-updated pointer.
    public static func setPendingFile(_ path: String?) {
        var block = sigset_t(), previous = sigset_t()
        sigemptyset(&block)
        sigaddset(&block, SIGINT)
        sigaddset(&block, SIGTERM)
        pthread_sigmask(SIG_BLOCK, &block, &previous)
        let old = pendingPath
        pendingPath = path.map { strdup($0) } ?? nil
        pthread_sigmask(SIG_SETMASK, &previous, nil)
        free(old)
    }

    /// Runs `commit` (the rename that publishes a new file) only if no cancel
    /// is pending, with SIGINT and SIGTERM held meanwhile, then forgets the
    /// temporary file. A signal that arrived before is acted on first, so the
    /// cache stays as it was; one that arrives during the commit acts right after.
    public static func commit<T>(_ commit: () throws(ToolError) -> T) throws(ToolError) -> T {
        var block = sigset_t(), previous = sigset_t(), pending = sigset_t()
        sigemptyset(&block)
        sigaddset(&block, SIGINT)
        sigaddset(&block, SIGTERM)
        pthread_sigmask(SIG_BLOCK, &block, &previous)
        sigpending(&pending)
        if sigismember(&pending, SIGINT) == 1 || sigismember(&pending, SIGTERM) == 1 {
            pthread_sigmask(SIG_SETMASK, &previous, nil) // the handler runs and exits
        }
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        let result = try commit()
        let old = pendingPath
        pendingPath = nil
        free(old)
        return result
    }
}
