import FeedCore

/// The first pass of `CachedFeedItems`, a tally of each share of the items
/// (`SplitItemCheck`): each item an object, checked as the reference reader
/// takes it, counted, and looked at once for a `url` string.
struct CachedItemsCheck: ItemTally {
    private(set) var count = 0
    /// Whether every item has a `url` string, by its unescaped keys: false
    /// also where a key spelt with escapes might be `url`.
    private(set) var everyItemHasURL = true

    mutating func item(_ cursor: inout StoredEnvelope.Cursor) -> Bool {
        count += 1
        var url: Bool?
        var escapedKey = false
        let read = Self.urlKey.withUnsafeBufferPointer { urlKey in
            // Escaped keys pass: the item is still checked; the last `url` counts, as in JSONObject.
            cursor.object(.pass) { cursor, key in
                if key.escaped {
                    escapedKey = true
                } else if cursor.key(key, is: urlKey) {
                    url = cursor.next() == JSONScanner.stringOpener
                }
                return cursor.skipValue()
            }
        }
        guard read else { return false }
        if escapedKey || url != true { everyItemHasURL = false }
        return true
    }

    /// Counts an item `SavedItemScan` took: an object with a `url` string,
    /// every key unescaped.
    mutating func countStored() {
        count += 1
    }

    mutating func append(_ later: CachedItemsCheck) {
        count += later.count
        everyItemHasURL = everyItemHasURL && later.everyItemHasURL
    }

    private static let urlKey = Array(FeedItemField.url.name.utf8)
}
