import FeedCore

/// A stage's records read as they come, one at a time, from a source that
/// may be slow (the pipe from a prefetch): memory follows the largest record,
/// not the input, and a reader that has work in hand is told when the input
/// stalls, so that it need not wait on a slow writer to do it. A byte no
/// record can hold stops it at once, and so does a record over the bound.
public struct RecordStream {
    private let source: ByteSource
    private let what: String
    private let now: () -> Timestamp
    /// Whether input with no record at all is simply the end (nothing to
    /// do), rather than `not-found`.
    private let emptyIsNothingToDo: Bool
    private var reader = StreamingRecordReader()
    /// What no record may hold, and how large one may be (`InputBounds`).
    private var bounds = InputBounds(isJSON: true)
    private var atEnd = false

    /// What the stream has next.
    public enum Event {
        /// The next record, or why it could not be read.
        case record(Result<Record, ToolError>)
        /// No record came in the time allowed: the writer is slow.
        case stalled
    }

    init(source: ByteSource, expecting what: String, emptyIsNothingToDo: Bool, now: @escaping () -> Timestamp) {
        self.source = source
        self.what = what
        self.emptyIsNothingToDo = emptyIsNothingToDo
        self.now = now
    }

    /// The next record; with `patience` (milliseconds), `stalled` if none
    /// has come whole within it; nil at the end. Empty or blank input is
    /// `not-found` (or the end, where it is nothing to do); a failure to
    /// read ends the stream with it.
    public mutating func next(patience: Int? = nil) throws(ToolError) -> Event? {
        let deadline = patience.map { StallDeadline(now(), milliseconds: $0) }
        while true {
            if let record = reader.next(atEnd: atEnd) { return .record(record) }
            if reader.failed { return nil } // the rest is not read: it cannot be trusted
            if atEnd {
                guard reader.hasInput || emptyIsNothingToDo else {
                    throw ToolError(.notFound, "no input: expected \(what) on standard input")
                }
                return nil
            }
            if let deadline {
                let left = deadline.milliseconds(leftAt: now())
                guard left > 0, source.awaitInput(milliseconds: left) else { return .stalled }
            }
            let source = self.source
            var bounds = self.bounds
            atEnd = try reader.fill { (buffer) throws(ToolError) -> Int in
                let count = try source.readChunk(into: buffer)
                try bounds.check(UnsafeRawBufferPointer(rebasing: buffer[..<count]))
                return count
            } == 0
            self.bounds = bounds
            try bounds.refuse(held: reader.heldCount)
        }
    }
}
