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
        try save(feed.checked, validators: validators).array
    }

    /// The same, for a feed already checked and written out (by the fast path).
    @discardableResult
    public func save(_ feed: CheckedFeed, validators: FeedValidators? = nil) throws(ToolError) -> CachedBytes {
        do {
            try store.insert(CachedFeed(document: feed.document, timestamp: currentDate(), validators: validators),
                             keepingImageDataFor: feed.imageURLs())
        } catch {
            throw CacheFailure.wrapping(error, default: .saving, "cannot save the feed")
        }
        return feed.document
    }
}
