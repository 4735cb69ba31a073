import FeedCore
import FeedPlatform
import FeedStoreFiles

/// The temporary files to remove if the command is cancelled, as C strings in
/// a fixed table the signal handler can walk without allocating.
/// As many as the store ever has at once, and the new file of `-o FILE`.
private let pendingCapacity = FileSystemFeedStore.maxTemporaryFilesAtOnce + 1
nonisolated(unsafe) private let pending = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: pendingCapacity)
nonisolated(unsafe) private var pendingCount = 0

/// The cancel course: on SIGINT or SIGTERM stop at once, write nothing more to
/// stdout or stderr, remove any half-written temporary file, exit 130 / 143.
public enum CancelCourse {
    private static let stopSignals = [SIGINT, SIGTERM]

    /// Installs the handler; `temporaryFiles` is then what the cache store reports to.
    public static func install() {
        // Touch the globals before any handler can run, so the handler never
        // triggers their lazy initialisation.
        pending.initialize(repeating: nil, count: pendingCapacity)
        pendingCount = 0
        // One the process was started with ignored stays ignored, as the
        // convention is: a shell starts a background job (`cmd &`) with
        // SIGINT ignored, so that a ^C at the terminal is not its to take.
        // SIGTERM likewise: whoever ignored it for us meant it.
        Signals.install({ signal in
            CancelCourse.removeTemporaryFiles()
            SignalSafe.exit(128 + signal)
        }, for: stopSignals.filter { !Signals.isIgnored($0) })
    }

    /// Removes every temporary file the store has reported and not yet
    /// published or removed: what a signal handler calls before it exits
    /// (this one, and the mapped input's SIGBUS course).
    static func removeTemporaryFiles() {
        var index = 0
        while index < pendingCount {
            if let path = pending[index] { SignalSafe.unlink(path) }
            index += 1
        }
    }

    /// The registry the cache store reports its temporary files to.
    public static let temporaryFiles: TemporaryFileRegistry = PendingFiles()

    private struct PendingFiles: TemporaryFileRegistry {
        func register(_ path: String) {
            // The store has at most `pendingCapacity` temporary files at once.
            Signals.holding(stopSignals) {
                guard pendingCount < pendingCapacity else { return }
                pending[pendingCount] = strdup(path)
                pendingCount += 1
            }
        }

        func forget(_ path: String) {
            Signals.holding(stopSignals) { CancelCourse.forget(path) }
        }

        /// Runs `rename` only if no cancel is pending, with SIGINT and SIGTERM
        /// held meanwhile. A signal that arrived before is acted on first, so
        /// the cache stays as it was; one that arrives during the rename acts
        /// right after it.
        func publish(_ path: String, by rename: () throws(ToolError) -> Void) throws(ToolError) {
            try Signals.holding(stopSignals, deliveringPendingFirst: true) { () throws(ToolError) in
                try rename()
                CancelCourse.forget(path)
            }
        }
    }

    /// Called with the signals held.
    private static func forget(_ path: String) {
        var index = 0
        while index < pendingCount {
            if let entry = pending[index], String(cString: entry) == path {
                // Out of the table before it is freed: a handler on another
                // thread never reads a freed name.
                pendingCount -= 1
                pending[index] = pending[pendingCount]
                pending[pendingCount] = nil
                free(entry)
                return
            }
            index += 1
        }
    }
}
