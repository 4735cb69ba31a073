import FeedCore

/// What the payload mapper reads with: `JSONScanner` over plain JSON text, or
/// `EscapedJSONScanner` over JSON text held escaped in a record's body. Both
/// check the same grammar and return nil / false on anything they do not take.
protocol PayloadScanning: JSONTokenScanning {
    init(_ base: UnsafeMutablePointer<UInt8>, from index: Int, to end: Int)
    /// After the payload value: checks that the payload ends there.
    mutating func finishPayload() -> Bool
    /// How a comma then an object's start stand in the text: `,{"` or `,{\"`.
    static var itemBoundary: StaticString { get }
}

extension JSONScanner: PayloadScanning {
    static var itemBoundary: StaticString { ",{\"" }

    /// The payload is the whole range: only white space may follow.
    mutating func finishPayload() -> Bool {
        skipWhitespace()
        return atEnd
    }
}

extension EscapedJSONScanner: PayloadScanning {
    static var itemBoundary: StaticString { ",{\\\"" }
}
