/// Reads records from input that arrives in pieces (a pipe): each record is
/// read as soon as its last byte is in, and its bytes let go before it is
/// decoded, so that memory follows the largest record, not the input.
/// Records are read as `RecordReader` reads them, with the same messages.
public struct StreamingRecordReader {
    private var buffer = RecordBuffer()
    private var boundary = JSONValueBoundary()
    /// How far `boundary` has looked into the bytes held.
    private var scanned = 0
    /// How many bytes of the input came before the ones held.
    private var taken = 0
    /// Whether malformed JSON has ended the stream: no record comes after it.
    public private(set) var failed = false
    /// Whether any byte other than white space has come.
    public private(set) var hasInput = false
    /// How many bytes are held: the record not yet whole, and any after it.
    public var heldCount: Int { buffer.count }

    public init() {}

    /// Lets `read` put the input's next bytes after the ones held; how many
    /// came, 0 at the end of the input.
    public mutating func fill<Failure: Error>(_ read: (UnsafeMutableRawBufferPointer) throws(Failure) -> Int) throws(Failure) -> Int {
        try buffer.fill(read)
    }

    /// The next record whose bytes have all come, or nil until more come.
    /// `atEnd`: no more will come, so what is held is the last of it (a
    /// record without its newline, or one cut short). Malformed JSON ends
    /// the stream with an `invalid-data` error: after it nothing can be trusted.
    public mutating func next(atEnd: Bool = false) -> Result<Record, ToolError>? {
        guard !failed else { return nil }
        var (boundary, scanned) = (self.boundary, self.scanned)
        let end = buffer.withBytes { bytes in boundary.end(in: bytes, from: &scanned) }
        (self.boundary, self.scanned) = (boundary, scanned)
        if boundary.hasBegun || end != nil { hasInput = true }
        guard let length = end ?? (atEnd && hasRest ? buffer.count : nil) else {
            if !boundary.hasBegun { release(scanned) } // white space only
            return nil
        }
        let value: JSON?
        do {
            var offset = 0
            value = try buffer.withBytes { (bytes) throws(ToolError) -> JSON? in
                do throws(JSONSyntaxError) {
                    return try JSONReader.value(in: UnsafeBufferPointer(rebasing: bytes[..<length]), at: &offset)
                } catch {
                    throw ToolError(.invalidData, "malformed input: \(JSONSyntaxError(reason: error.reason, offset: taken + error.offset))")
                }
            }
            release(offset)
        } catch {
            failed = true
            release(buffer.count)
            return .failure(error)
        }
        guard let value else { return nil }
        return Result { () throws(ToolError) in try Record.classify(value) }
    }

    /// Whether bytes other than white space are held.
    private var hasRest: Bool {
        buffer.withBytes { bytes in bytes.contains { !JSONWhitespace.contains($0) } }
    }

    /// Lets go of the first `count` bytes held; the boundary looks on after them.
    private mutating func release(_ count: Int) {
        buffer.take(count)
        taken += count
        scanned = 0
        boundary = JSONValueBoundary()
    }
}
