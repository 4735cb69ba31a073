import FeedCore
import FeedPlatform

/// The SIGBUS handler for mapped input: the stderr line and the error record
/// are made beforehand, so the handler only removes the store's temporary
/// files, writes them and exits.
enum MappedInputFault {
    nonisolated(unsafe) static var message: UnsafeMutablePointer<UInt8>?
    nonisolated(unsafe) static var messageCount = 0
    nonisolated(unsafe) static var record: UnsafeMutablePointer<UInt8>?
    nonisolated(unsafe) static var recordCount = 0

    /// What a file cut short under the mapping is reported as.
    static let truncated = ToolError(.invalidData, "cannot read standard input: the file was cut short while it was read")

    static func install(tool: String, stdoutIsTerminal: Bool) {
        guard message == nil else { return }
        let error = truncated
        (message, messageCount) = copy(Array("\(tool): \(error.message)\n".utf8))
        if !stdoutIsTerminal {
            (record, recordCount) = copy(JSONWriter().line(ErrorRecord(url: nil, error).json))
        }
        let handler: @convention(c) (Int32) -> Void = { _ in
            // A large save over a cache writes while it reads: its new file goes.
            CancelCourse.removeTemporaryFiles()
            if let message = MappedInputFault.message { SignalSafe.write(2, message, MappedInputFault.messageCount) }
            if let record = MappedInputFault.record { SignalSafe.write(1, record, MappedInputFault.recordCount) }
            SignalSafe.exit(ExitCode.invalidData)
        }
        Signals.install(handler, for: [SIGBUS])
    }

    private static func copy(_ bytes: [UInt8]) -> (UnsafeMutablePointer<UInt8>, Int) {
        let pointer = UnsafeMutablePointer<UInt8>.allocate(capacity: bytes.count)
        pointer.initialize(from: bytes, count: bytes.count)
        return (pointer, bytes.count)
    }
}
