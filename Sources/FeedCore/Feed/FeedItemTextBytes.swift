/// An item's shown texts as UTF-8 where they stand, for the writers that
/// copy them into their output: read straight from a cached document, with
/// no String made, or lent by `FeedItemTexts.withBytes`. Valid only within
/// the call that gives them.
public typealias FeedItemTextBytes = ShownTexts<UnsafeBufferPointer<UInt8>>

extension ShownTexts where Text == UnsafeBufferPointer<UInt8> {
    /// The same texts as Strings (for a check against `FeedItemTexts`).
    public var texts: FeedItemTexts {
        map { String(decoding: $0, as: UTF8.self) }
    }
}
