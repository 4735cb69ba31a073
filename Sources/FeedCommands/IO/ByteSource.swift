import FeedCore

/// Where a command reads: its standard input, or bytes in a test.
public protocol ByteSource {
    var isTerminal: Bool { get }
    /// All of the input.
    func read() throws(ToolError) -> [UInt8]
    /// All of the input, in place where it can be (a file mapped into memory).
    func map() throws(ToolError) -> InputBytes
}
