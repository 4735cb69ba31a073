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
        guard !failed else { return nil }
        do {
            guard let value = try reader.next() else { return nil }
            return Result { () throws(ToolError) in try Record.classify(value) }
        } catch {
            failed = true
            return .failure(ToolError(.invalidData, "malformed input: \(error)"))
        }
    }
}
