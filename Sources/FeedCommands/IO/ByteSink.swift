/// Where a command writes: its standard output or error, or a buffer in a test.
public protocol ByteSink: AnyObject {
    var isTerminal: Bool { get }
    /// Writes all of `bytes`; false if the reader has gone away.
    func write(_ bytes: UnsafeRawBufferPointer) -> Bool
}

extension ByteSink {
    @discardableResult
    public func write(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { write($0) }
    }

    @discardableResult
    public func write(_ text: String) -> Bool {
        write(Array(text.utf8))
    }
}
