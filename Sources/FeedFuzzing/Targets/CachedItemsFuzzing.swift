import FeedCore
import FeedFastPath
import FeedPresentation

/// Differential: the cached document read item by item where it stands
/// (`CachedFeedItems`, for `load --format text|html` and `image missing`)
/// against the reference reading of it whole (`feedItems`): what it takes,
/// the reference reads to the same items, and where it says every item has
/// a url string, the page finds one in each.
enum CachedItemsFuzzing {
    static let name = "cached-items"
    private static let expect = FuzzCheck(target: name)

    static func check(_ input: [UInt8]) throws(FuzzFinding) {
        let streamed: (items: [JSON], everyItemHasURL: Bool, count: Int)? = input.withUnsafeBytes { bytes in
            guard let items = CachedFeedItems(bytes) else { return nil }
            var read: [JSON] = []
            items.forEach { read.append($0) }
            return (read, items.everyItemHasURL, items.count)
        }
        guard let streamed else { return }
        guard let reference = try? CachedBytes(input).feedItems() else { throw expect.fail("took what the reference cannot read") }
        try expect.require(streamed.items == reference, "read other items than the reference")
        try expect.require(streamed.count == reference.count, "counted other items than it read")
        try expect.require(!streamed.everyItemHasURL || reference.allSatisfy { FeedPageItem($0) != nil },
                           "said every item has a url where the page finds one without")
    }
}
