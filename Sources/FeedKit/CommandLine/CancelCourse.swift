#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The temporary files to remove if the command is cancelled, as C strings in
/// a fixed table the signal handler can walk without allocating.
private let pendingCapacity = 512
nonisolated(unsafe) private let pending = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: pendingCapacity)
nonisolated(unsafe) private var pendingCount = 0

/// The cancel course: on SIGINT or SIGTERM stop at once, write nothing more to
/// stdout or stderr, remove any half-written temporary file, exit 130 / 143.
public enum CancelCourse {
    /// How many temporary files can be pending at once.
    public static let capacity = pendingCapacity

    public static func install() {
        // Touch the globals before any handler can run, so the handler never
        // triggers their lazy initialisation.
        pending.initialize(repeating: nil, count: pendingCapacity)
        pendingCount = 0
        let handler: @convention(c) (Int32) -> Void = { signal in
            var index = 0
            while index < pendingCount {
                if let path = pending[index] { unlink(path) }
                index += 1
            }
            _exit(128 + signal)
        }
        var action = sigaction()
        action.__sigaction_handler.sa_handler = handler
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        sigaction(SIGINT, &action, nil)
        sigaction(SIGTERM, &action, nil)
    }

    /// Runs `body` with SIGINT and SIGTERM held, so the handler never sees the
    /// table half-updated.
    private static func holdingSignals<T>(_ body: () -> T) -> T {
        var block = sigset_t(), previous = sigset_t()
        sigemptyset(&block)
        sigaddset(&block, SIGINT)
        sigaddset(&block, SIGTERM)
        pthread_sigmask(SIG_BLOCK, &block, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        return body()
    }

    /// Names the one temporary file the handler removes on cancel; nil clears the table.
    public static func setPendingFile(_ path: String?) {
        holdingSignals {
            forgetAll()
            if let path { _ = add(path) }
        }
    }

    /// Adds a temporary file to remove on cancel; false if the table is full.
    @discardableResult
    public static func addPendingFile(_ path: String) -> Bool {
        holdingSignals { add(path) }
    }

    /// Forgets one temporary file (it was renamed or removed).
    public static func removePendingFile(_ path: String) {
        holdingSignals { forget(path) }
    }

    private static func add(_ path: String) -> Bool {
        guard pendingCount < pendingCapacity else { return false }
        pending[pendingCount] = strdup(path)
        pendingCount += 1
        return true
    }

    private static func forget(_ path: String) {
        var index = 0
        while index < pendingCount {
            if let entry = pending[index], String(cString: entry) == path {
                free(entry)
                pendingCount -= 1
                pending[index] = pending[pendingCount]
                pending[pendingCount] = nil
                return
            }
            index += 1
        }
    }

    private static func forgetAll() {
        for index in 0..<pendingCount {
            free(pending[index])
            pending[index] = nil
        }
        pendingCount = 0
    }

    /// Runs `commit` (the rename that publishes a new file) only if no cancel
    /// is pending, with SIGINT and SIGTERM held meanwhile, then forgets the
    /// temporary file (`forgetting`, or every pending one). A signal that
    /// arrived before is acted on first, so the cache stays as it was; one
    /// that arrives during the commit acts right after.
    public static func commit<T>(forgetting path: String? = nil, _ commit: () throws(ToolError) -> T) throws(ToolError) -> T {
        var block = sigset_t(), previous = sigset_t(), pendingSignals = sigset_t()
        sigemptyset(&block)
        sigaddset(&block, SIGINT)
        sigaddset(&block, SIGTERM)
        pthread_sigmask(SIG_BLOCK, &block, &previous)
        sigpending(&pendingSignals)
        if sigismember(&pendingSignals, SIGINT) == 1 || sigismember(&pendingSignals, SIGTERM) == 1 {
            pthread_sigmask(SIG_SETMASK, &previous, nil) // the handler runs and exits
        }
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        let result = try commit()
        if let path { forget(path) } else { forgetAll() }
        return result
    }
}
