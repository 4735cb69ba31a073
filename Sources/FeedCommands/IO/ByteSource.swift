import FeedCore

/// Where a command reads: its standard input, or bytes in a test.
public protocol ByteSource {
    var isTerminal: Bool { get }
    /// All of the input.
    func read() throws(ToolError) -> [UInt8]
    /// All of the input, in place where it can be (a file mapped into memory).
    func map() throws(ToolError) -> InputBytes
    /// The input's next bytes, as they come (a record at a time): waits for
    /// some, puts at most `buffer.count` of them in `buffer`, and says how
    /// many; 0 at the end of the input.
    func readChunk(into buffer: UnsafeMutableRawBufferPointer) throws(ToolError) -> Int
    /// Waits at most `milliseconds` for input (or its end) to be there to
    /// read: false if none came in time, the writer being slow.
    func awaitInput(milliseconds: Int) -> Bool
}

extension ByteSource {
    /// Input that is all there (a file, a buffer) never keeps a reader waiting.
    public func awaitInput(milliseconds: Int) -> Bool { true }
}
