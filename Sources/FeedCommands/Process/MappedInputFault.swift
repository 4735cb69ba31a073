import FeedCore
import FeedPlatform

/// The SIGBUS handler for mapped input: a fault within the input's mapping
/// is the file cut short under it; the stderr line and the error record are
/// made beforehand, so the handler only removes the store's temporary
/// files, writes them and exits. Any other SIGBUS (a fault elsewhere, or one
/// sent with kill) is no input's: it ends the process as it would have
/// without the handler.
enum MappedInputFault {
    /// All the handler reads, in one static written whole before the handler
    /// is installed: a handler must never be the first to touch a static
    /// (Swift initialises one lazily, under a lock, on its first use).
    struct Course {
        var message: UnsafeMutablePointer<UInt8>?
        var messageCount = 0
        var record: UnsafeMutablePointer<UInt8>?
        var recordCount = 0
        var status: Int32 = 0
        /// The input's mapping, whole pages: [start, end); empty until mapped.
        var start: UInt = 0
        var end: UInt = 0
    }

    nonisolated(unsafe) static var course = Course()
    nonisolated(unsafe) private static var installed = false

    /// What a file cut short under the mapping is reported as.
    static let truncated = ToolError(.invalidData, "cannot read standard input: the file was cut short while it was read")

    /// Installs the handler, before the input is mapped; until `watch` names
    /// the mapping, every SIGBUS is passed on.
    static func install(tool: String, stdoutIsTerminal: Bool) {
        guard !installed else { return }
        installed = true
        let error = truncated
        var course = Course(status: ExitCode.invalidData)
        (course.message, course.messageCount) = copy(Array("\(tool): \(error.message)\n".utf8))
        if !stdoutIsTerminal {
            (course.record, course.recordCount) = copy(JSONWriter().line(ErrorRecord(url: nil, error).json))
        }
        Self.course = course
        let handler: Signals.FaultHandler = { signal, info, _ in
            let course = MappedInputFault.course
            guard let address = SignalSafe.faultAddress(info), address >= course.start, address < course.end else {
                SignalSafe.raiseWithDefaultAction(signal)
                return
            }
            // A large save over a cache writes while it reads: its new file goes.
            CancelCourse.removeTemporaryFiles()
            if let message = course.message { SignalSafe.write(2, message, course.messageCount) }
            if let record = course.record { SignalSafe.write(1, record, course.recordCount) }
            SignalSafe.exit(course.status)
        }
        Signals.installFaultHandler(handler, for: SIGBUS)
    }

    /// The input is mapped at `input` (before anything reads it): a fault
    /// in its pages is the file cut short.
    static func watch(_ input: UnsafeMutableBufferPointer<UInt8>) {
        guard let base = input.baseAddress else { return }
        let page = UInt(MemoryMapping.pageSize)
        let start = UInt(bitPattern: base), end = start + UInt(input.count)
        (course.start, course.end) = (start / page * page, (end + page - 1) / page * page)
    }

    private static func copy(_ bytes: [UInt8]) -> (UnsafeMutablePointer<UInt8>, Int) {
        let pointer = UnsafeMutablePointer<UInt8>.allocate(capacity: bytes.count)
        pointer.initialize(from: bytes, count: bytes.count)
        return (pointer, bytes.count)
    }
}
