import FeedCore
import FeedTestSupport

/// The in-memory store, except that the image data of `unreadable` URLs
/// cannot be read, as a damaged image file in the cache.
final class ImageFailingStore: FeedStore, FeedImageDataStore {
    struct Damaged: Error, CustomStringConvertible {
        var description: String { "the image file is corrupt" }
    }

    let base: InMemoryFeedStore
    let unreadable: Set<String>

    init(_ base: InMemoryFeedStore, unreadable: Set<String>) {
        self.base = base
        self.unreadable = unreadable
    }

    func retrieve() throws -> CachedFeed? { try base.retrieve() }

    func insert(_ feed: CachedFeed, keepingImageDataFor imageURLs: @autoclosure () -> Set<String>) throws {
        try base.insert(feed, keepingImageDataFor: imageURLs())
    }

    func deleteCachedFeed(if isStale: (Result<CachedFeed?, Error>) -> Bool) throws { try base.deleteCachedFeed(if: isStale) }

    func insert(eachOf batch: [(data: [UInt8], url: String)]) -> [Error?] { base.insert(eachOf: batch) }

    func retrieve(dataForURL url: String) throws -> [UInt8]? {
        if unreadable.contains(url) { throw Damaged() }
        return try base.retrieve(dataForURL: url)
    }
}
