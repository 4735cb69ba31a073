/// A byte range of the input: a string's contents between its quotes, or a
/// number's text.
public struct JSONSpan: Equatable, Sendable {
    public var start: Int
    public var end: Int
    /// True if the string holds a backslash escape (its bytes are not its value).
    public var escaped: Bool

    public var count: Int { end - start }
}
