import FeedCore

/// The stored document's envelope, as `save` writes it: `{"items":[`, the
/// items, `]}`, then only white space; `items` its one key, unescaped. The
/// one reader of it for the cached document's readers (`CachedFeedIDs`,
/// `CachedFeedItems` through `SplitItemCheck`); anything else declines.
///
/// Held by `CachedFeedIDsDifferentialTests`, `CachedFeedItemsDifferentialTests`
/// and the `cached-ids` and `cached-items` fuzz targets (docs/layout.md, "The readers").
enum StoredEnvelope {
    typealias Cursor = JSONCursor<JSONScanner>

    /// A cursor at the document's start.
    static func cursor(_ base: UnsafeMutablePointer<UInt8>, count: Int) -> Cursor {
        Cursor(JSONScanner(base, from: 0, to: count))
    }

    /// A cursor among the items, at `offset` (an item's start, or a comma
    /// between two): for a second pass, or a thread's share of them.
    static func amongItems(_ base: UnsafeMutablePointer<UInt8>, at offset: Int, count: Int) -> Cursor {
        Cursor(JSONScanner(base, from: offset, to: count), inside: itemsDepth)
    }

    /// The containers open around an item: the document, its array.
    static var itemsDepth: Int { 2 }

    /// Into the items: true at the first one (white space passed), false
    /// for none (the whole document then checked), nil to decline.
    static func enter(_ cursor: inout Cursor) -> Bool? {
        guard cursor.enterObject() == true, let key = cursor.key(), !key.escaped, cursor.key(key, is: "items"),
              let any = cursor.enterArray() else { return nil }
        if !any { return close(&cursor) ? false : nil }
        _ = cursor.next()
        return true
    }

    /// After the items' `]`: the document's `}`, then only white space.
    static func close(_ cursor: inout Cursor) -> Bool {
        cursor.nextField() == false && cursor.next() == nil
    }
}
