import FeedCore

/// A feed store in memory: what the store specs hold every store to, and the
/// store the command tests run feed-cache over without touching a disk.
public final class InMemoryFeedStore: FeedStore, FeedImageDataStore {
    public private(set) var feed: CachedFeed?
    public private(set) var images: [String: [UInt8]] = [:]

    public init(feed: CachedFeed? = nil, images: [String: [UInt8]] = [:]) {
        self.feed = feed
        self.images = images
    }

    public func retrieve() throws -> CachedFeed? { feed }

    public func insert(_ feed: CachedFeed, keepingImageDataFor imageURLs: @autoclosure () -> Set<String>) throws {
        self.feed = feed
        let kept = imageURLs()
        images = images.filter { kept.contains($0.key) }
    }

    public func deleteCachedFeed(if isStale: (Result<CachedFeed?, Error>) -> Bool) throws {
        guard isStale(.success(feed)) else { return }
        feed = nil
        images = [:]
    }

    public func insert(eachOf batch: [(data: [UInt8], url: String)]) -> [Error?] {
        for item in batch { images[item.url] = item.data }
        return batch.map { _ in nil }
    }

    public func retrieve(dataForURL url: String) throws -> [UInt8]? { images[url] }
}
