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

    /// Where a feed can be written while it is checked (`save(_:validators:streamedTo:)`):
    /// nil when the store writes only after the check.
    public func beginSave() -> StreamedFeed? {
        (try? (store as? FeedStreamingStore)?.beginFeed()) ?? nil
    }

    /// The same, for a feed already checked and written out (by the fast
    /// path), its document given to `stream` as it was checked, if it was.
    @discardableResult
    public func save(_ feed: CheckedFeed, validators: FeedValidators? = nil,
                     streamedTo stream: StreamedFeed? = nil) throws(ToolError) -> CachedBytes {
        let now = currentDate()
        let cached = CachedFeed(document: feed.document, timestamp: now, validators: validators?.stored(at: now))
        do {
            if let stream {
                try stream.commit(cached, keepingImageDataFor: feed.imageURLs())
            } else {
                try store.insert(cached, keepingImageDataFor: feed.imageURLs())
            }
        } catch {
            throw CacheFailure.wrapping(error, default: .saving, "cannot save the feed")
        }
        return feed.document
    }
}
