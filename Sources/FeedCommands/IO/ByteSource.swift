import FeedCore

/// Where a command reads: its standard input, or bytes in a test.
public protocol ByteSource {
    var isTerminal: Bool { get }
    /// All of the input.
    func read() throws(ToolError) -> [UInt8]
    /// All of the input, in place where it can be (a file mapped into memory).
    func map() throws(ToolError) -> InputBytes
}

/// Input as one buffer, to be read in place.
public enum InputBytes {
    /// Mapped from a file, private and writable; its pages may be given back
    /// as they are read past (they are read again from the file).
    case mapped(UnsafeMutableBufferPointer<UInt8>)
    case read([UInt8])
}
