import FeedCore

/// Where the store tells the process about the temporary files it writes, so
/// that a cancel (SIGINT, SIGTERM) removes them and never interrupts the
/// rename that publishes one. The command layer's cancel course is the real
/// one; the store only reports to it.
public protocol TemporaryFileRegistry {
    /// A temporary file is about to be created at `path`: reported before
    /// it exists, so that no instant has it on disk and unreported.
    func register(_ path: String)
    /// The file at `path` is gone (removed, renamed into place, or never
    /// made: its creation failed).
    func forget(_ path: String)
    /// Runs `rename`, the step that publishes the file at `path`, unless a
    /// cancel is already pending; then forgets `path`.
    func publish(_ path: String, by rename: () throws(ToolError) -> Void) throws(ToolError)
}
