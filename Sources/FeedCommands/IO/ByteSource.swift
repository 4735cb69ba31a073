import FeedCore

/// Where a command reads: its standard input, or bytes in a test.
public protocol ByteSource {
    var isTerminal: Bool { get }
    /// All of the input.
    func read() throws(ToolError) -> [UInt8]
    /// All of the input, in place where it can be (a file mapped into memory).
    func map() throws(ToolError) -> InputBytes
    /// All of the input, each piece taken by `bounds` as it is read, so that
    /// input over the limit or that no command can take stops the read.
    func read(within bounds: inout InputBounds) throws(ToolError) -> [UInt8]
    /// The same, in place where it can be; a file over the limit refused by its size.
    func map(within bounds: inout InputBounds) throws(ToolError) -> InputBytes
    /// The input's next bytes, as they come (a record at a time): waits for
    /// some, puts at most `buffer.count` of them in `buffer`, and says how
    /// many; 0 at the end of the input.
    func readChunk(into buffer: UnsafeMutableRawBufferPointer) throws(ToolError) -> Int
    /// Waits at most `milliseconds` for input (or its end) to be there to
    /// read: false if none came in time, the writer being slow.
    func awaitInput(milliseconds: Int) -> Bool
}

extension ByteSource {
    /// Input that is all there already (bytes in a test): taken whole.
    public func read(within bounds: inout InputBounds) throws(ToolError) -> [UInt8] {
        let bytes = try read()
        var failure: ToolError?
        bytes.withUnsafeBytes { raw in
            do throws(ToolError) { try bounds.take(raw) } catch { failure = error }
        }
        if let failure { throw failure }
        return bytes
    }

    public func map(within bounds: inout InputBounds) throws(ToolError) -> InputBytes {
        .read(try read(within: &bounds))
    }

    /// Input that is all there (a file, a buffer) never keeps a reader waiting.
    public func awaitInput(milliseconds: Int) -> Bool { true }
}
