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
        guard let any = open(&cursor) else { return nil }
        if !any { return close(&cursor) ? false : nil }
        return true
    }

    /// `{"items":[`, `items` the first key: true at the first item (white
    /// space passed), false for `[]` (the cursor past it), nil to decline.
    /// For `save`'s input too (`SavedDocumentScan`), where the validators
    /// may follow the items.
    static func open(_ cursor: inout Cursor) -> Bool? {
        guard cursor.enterObject() == true, let key = cursor.key(), !key.escaped, cursor.key(key, is: "items"),
              let any = cursor.enterArray() else { return nil }
        if any { _ = cursor.next() }
        return any
    }

    /// The whole document, `body` reading each item (the cursor at it);
    /// false at the first thing not taken.
    static func eachItem(_ cursor: inout Cursor, _ body: (inout Cursor) -> Bool) -> Bool {
        guard var more = enter(&cursor) else { return false }
        guard more else { return true } // `{"items":[]}`, checked whole
        while more {
            guard body(&cursor), let next = cursor.nextElement() else { return false }
            more = next
        }
        return close(&cursor)
    }

    /// After the items' `]`: the document's `}`, then only white space.
    static func close(_ cursor: inout Cursor) -> Bool {
        cursor.nextField() == false && cursor.next() == nil
    }
}
