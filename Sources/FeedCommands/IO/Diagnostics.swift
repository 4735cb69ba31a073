import FeedCore

/// The pipe's rules for failures: one line on stderr where an error starts,
/// the error record on stdout for the next stage (unless stdout is a
/// terminal), error records from earlier stages passed on silently, and the
/// exit code of the first failure.
public final class Diagnostics {
    let tool: String
    private let errors: ByteSink
    private let output: RecordOutput
    public private(set) var exitCode: Int32 = ExitCode.success
    /// A progress line to erase before any message.
    public var progress: ProgressLine?

    init(tool: String, errors: ByteSink, output: RecordOutput) {
        self.tool = tool
        self.errors = errors
        self.output = output
    }

    /// An error that starts here, about `url` if one URL is concerned. A
    /// URL's password is hidden in the line and in the record (its `url`
    /// too: an error record is for people and logs; no stage matches it).
    public func fail(_ error: ToolError, url: String? = nil) throws(CommandStop) {
        let url = url.map(URLPassword.hidden(inURL:))
        var error = error // its kind and not-before kept: save remembers a Retry-After from the record
        error.message = URLPassword.hidden(in: error.message)
        let subject = url.map { "\(MessageText.shortened(MessageText.oneLine($0))): " } ?? ""
        progress?.clear()
        errors.write("\(tool): \(subject)\(MessageText.oneLine(error.message))\n")
        note(error.kind.exitCode)
        if !output.isTerminal && output.carriesRecords { try output.emit(ErrorRecord(url: url, error).json) }
    }

    /// A line on stderr that is not a failure (what was left out, say): the
    /// exit code and stdout stay as they are.
    public func notice(_ message: String) {
        progress?.clear()
        errors.write("\(tool): \(MessageText.oneLine(message))\n")
    }

    /// An error record from an earlier stage: written on unchanged, silently.
    public func passOn(_ record: ErrorRecord) throws(CommandStop) {
        note(record.kind.exitCode)
        if !output.isTerminal && output.carriesRecords { try output.emit(record.json) }
    }

    /// Remembers a failure's exit code; the first one wins.
    func note(_ code: Int32) {
        if exitCode == ExitCode.success { exitCode = code }
    }
}
