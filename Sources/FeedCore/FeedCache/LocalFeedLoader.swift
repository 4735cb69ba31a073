/// Loads, validates and saves the cached feed: the case study's
/// `LocalFeedLoader`, with the clock injected. Its use cases: save (below),
/// load more (`+Append`), load (`+Load`), validate the cache (`+Validate`).
public final class LocalFeedLoader {
    let store: FeedStore
    let currentDate: () -> Timestamp
    let policy: FeedCachePolicy

    public init(store: FeedStore, currentDate: @escaping () -> Timestamp, policy: FeedCachePolicy = FeedCachePolicy()) {
        self.store = store
        self.currentDate = currentDate
        self.policy = policy
    }
}

extension LocalFeedLoader {
    /// Replaces the cached feed with `feed`, timestamped now, with the
    /// validators of the response it came from if there was one, and returns
    /// the bytes it stored (what `load` will give back).
    @discardableResult
    public func save(_ feed: LocalFeed, validators: FeedValidators? = nil) throws(ToolError) -> [UInt8] {
        let document = JSONWriter().line(feed.document.json)
        do {
            try store.insert(CachedFeed(document: document, timestamp: currentDate(), validators: validators),
                             keepingImageDataFor: feed.imageURLs)
        } catch {
            throw CacheFailure.wrapping(error, default: .saving, "cannot save the feed")
        }
        return document
    }
}
