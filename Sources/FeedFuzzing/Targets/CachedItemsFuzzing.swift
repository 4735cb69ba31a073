import FeedCore
import FeedFastPath
import FeedPresentation

/// Differential: the cached document read item by item where it stands
/// (`CachedFeedItems`, for `load --format text|html` and `image missing`)
/// against the reference reading of it whole (`feedItems`): what it takes,
/// the reference reads to the same items (an item given as it stands is what
/// writing the reference's item gives, with its url), the same whether its
/// first pass notes each item or not, and where it says every item has a url
/// string, the page finds one in each; and what each item shows, read from
/// its bytes (`forEachTexts`), is what the reference's item shows.
enum CachedItemsFuzzing {
    static let name = "cached-items"
    private static let expect = FuzzCheck(target: name)

    private enum CachedItem: Equatable {
        case stored([UInt8], url: String)
        case read(JSON)
    }

    /// What `forEachStored` gives, with the first pass noting each item or not.
    /// Nil if its two passes disagree.
    private static func stored(_ items: CachedFeedItems) -> [CachedItem]? {
        var stored: [CachedItem] = []
        let complete = items.forEachStored { item in
            switch item {
            case .stored(let item): stored.append(.stored(Array(item.bytes), url: item.url))
            case .read(let value): stored.append(.read(value))
            }
        }
        return complete ? stored : nil
    }

    static func check(_ input: [UInt8]) throws(FuzzFinding) {
        let streamed: (stored: [CachedItem]?, noted: [CachedItem]??, texts: [FeedItemTexts], everyItemHasURL: Bool, count: Int,
                       complete: Bool)?
        streamed = input.withUnsafeBytes { bytes in
            guard let items = CachedFeedItems(bytes) else { return nil }
            var texts: [FeedItemTexts] = []
            let textsAll = items.forEachTexts { texts.append($0.texts) }
            return (stored(items), CachedFeedItems(bytes, notingStoredItems: true).map(stored), texts, items.everyItemHasURL, items.count,
                    textsAll)
        }
        guard let streamed else { return }
        guard streamed.complete, let storedItems = streamed.stored, streamed.noted != .some(nil) else {
            throw expect.fail("its two passes disagree")
        }
        guard let reference = try? CachedBytes(input).feedItems() else { throw expect.fail("took what the reference cannot read") }
        try expect.require(streamed.count == reference.count, "counted other items than it read")
        try expect.require(storedItems.count == reference.count, "gave other items as stored than it read")
        try expect.require(streamed.noted == .some(streamed.stored), "gave other items with its first pass noting them")
        try expect.require(streamed.texts == reference.map(FeedItemTexts.init), "read other texts than the reference's items show")
        for (item, value) in zip(storedItems, reference) {
            switch item {
            case .stored(let bytes, let url):
                var written: [UInt8] = []
                JSONWriter().append(value, to: &written, indent: 0)
                try expect.require(bytes == written, "gave as stored an item that is not written back to its bytes")
                try expect.require(value[FeedItemField.url.name]?.stringValue == url, "gave another url than the item's")
            case .read(let read):
                try expect.require(read == value, "read another item than the reference")
            }
        }
        try expect.require(!streamed.everyItemHasURL || reference.allSatisfy { FeedPageItem($0) != nil },
                           "said every item has a url where the page finds one without")
    }
}
