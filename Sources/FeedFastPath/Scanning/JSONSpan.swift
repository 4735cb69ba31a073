/// A byte range of the input: a string's contents between its quotes, or a
/// number's text.
struct JSONSpan: Equatable, Sendable {
    var start: Int
    var end: Int
    /// True if the string holds a backslash escape (its bytes are not its value).
    var escaped: Bool

    var count: Int { end - start }
}
