import FeedCore

/// The first pass of `CachedFeedItems`, a tally of each share of the items
/// (`SplitItemCheck`): each item an object, checked as the reference reader
/// takes it, counted, and looked at once for a `url` string.
struct CachedItemsCheck: ItemTally {
    private(set) var count = 0
    /// Whether every item has a `url` string, by its unescaped keys: false
    /// also where a key spelt with escapes might be `url`.
    private(set) var everyItemHasURL = true

    mutating func item(_ scanner: inout JSONScanner) -> Bool {
        guard scanner.consume(0x7B) else { return false }
        count += 1
        if scanner.consume(0x7D) {
            everyItemHasURL = false
            return true
        }
        var url: Bool?
        var escapedKey = false
        repeat {
            guard let key = scanner.string(), scanner.consume(0x3A) else { return false }
            if key.escaped {
                escapedKey = true
            } else if Self.urlKey.withUnsafeBufferPointer({ scanner.span(key, is: $0) }) {
                scanner.skipWhitespace()
                url = scanner.peek() == JSONScanner.stringOpener // the last one counts, as in JSONObject
            }
            guard scanner.skipValue(inside: 2) else { return false }
        } while scanner.consume(0x2C)
        guard scanner.consume(0x7D) else { return false }
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
