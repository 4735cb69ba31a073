import FeedCore
import FeedPresentation

/// A command's standard output: records as NDJSON (or indented for people
/// with `--pretty`), feed documents as JSON, text or an item a line (jsonl,
/// tsv), and stored bytes as they are.
public final class RecordOutput {
    private var sink: ByteSink
    public var writer: JSONWriter
    public var format: OutputFormat

    init(_ sink: ByteSink) {
        self.sink = sink
        writer = JSONWriter(style: .compact)
        format = .json
    }

    public var isTerminal: Bool { sink.isTerminal }

    /// Writes from now on to `sink` instead (`-o FILE`).
    func redirect(to sink: ByteSink) {
        self.sink = sink
    }

    /// Whether the next stage reads records here, and so is told of a
    /// failure by an error record (not where the output is lines of ids).
    public var carriesRecords = true

    /// Whether a document that is already compact JSON (what the fast path
    /// writes, what the cache stores) can be written as it is. Decided here only.
    public var takesCompactDocuments: Bool { format == .json && writer.style == .compact }

    /// One record: a line of NDJSON, or a pretty document.
    public func emit(_ value: JSON) throws(CommandStop) {
        try emit(bytes: writer.line(value))
    }

    public func emit(bytes: [UInt8]) throws(CommandStop) {
        guard sink.write(bytes) else { throw .outputClosed }
    }

    /// Bytes that are already a finished record or document.
    public func emit(raw bytes: UnsafeRawBufferPointer) throws(CommandStop) {
        guard sink.write(bytes) else { throw .outputClosed }
    }

    /// A feed document in the chosen format.
    public func show(_ document: FeedDocument) throws(CommandStop) {
        switch format {
        // ids and a page are written by the command itself (`documentFormat`), never here.
        case .json, .ids, .html: try emit(document.json)
        case .text: try emit(bytes: Array(TextFormat.feed(document.items).utf8))
        case .jsonl, .tsv: try emit(bytes: format.feedLines(document.items))
        }
    }
}
