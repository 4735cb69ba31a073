/// Reads the records of a stage's standard input, one after another.
public struct RecordReader {
    private var reader: JSONReader
    private var failed = false

    public init(_ bytes: [UInt8]) {
        reader = JSONReader(bytes)
    }

    /// The next record, or nil at the end. Malformed JSON ends the stream with
    /// an `invalid-data` error: after it nothing can be trusted.
    public mutating func next() -> Result<Record, ToolError>? {
        nextValue().map { read in read.flatMap { value in Result { () throws(ToolError) in try Record.classify(value) } } }
    }

    /// What a reader of a feed document's items reads: an item line, or a record.
    public enum Entry: Equatable, Sendable {
        case itemLine(ItemLine)
        case record(Record)
    }

    /// As `next()`, with item lines (`ItemLine`) taken as they are, not as records.
    public mutating func nextTakingItemLines() -> Result<Entry, ToolError>? {
        nextValue().map { read in
            read.flatMap { value in
                if let line = ItemLine(value) { return .success(.itemLine(line)) }
                return Result { () throws(ToolError) in .record(try Record.classify(value)) }
            }
        }
    }

    private mutating func nextValue() -> Result<JSON, ToolError>? {
        guard !failed else { return nil }
        do {
            guard let value = try reader.next() else { return nil }
            return .success(value)
        } catch {
            failed = true
            return .failure(ToolError(.invalidData, "malformed input: \(error)"))
        }
    }
}
