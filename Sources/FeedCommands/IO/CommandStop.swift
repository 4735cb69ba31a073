import FeedCore

/// Why a command ends before its work is done.
public enum CommandStop: Error {
    /// A failure that ends the command: reported, then its kind's exit code.
    case failure(ToolError, url: String? = nil)
    /// Standard output has gone away: nothing more can be said.
    case outputClosed
    /// Done early with this code: help printed, an error record passed on.
    case exit(Int32)
}
