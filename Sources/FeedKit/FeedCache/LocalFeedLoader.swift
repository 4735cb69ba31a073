/// Loads, validates and saves the cached feed: the case study's
/// `LocalFeedLoader`, with the clock injected.
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
    /// Replaces the cached feed with `feed`, timestamped now, and returns the
    /// bytes it stored (what `load` will give back).
    @discardableResult
    public func save(_ feed: LocalFeed) throws(ToolError) -> [UInt8] {
        let document = JSONWriter().line(feed.document.json)
        do {
            try store.insert(CachedFeed(document: document, timestamp: currentDate()), keepingImageDataFor: feed.imageURLs)
        } catch {
            throw LocalFeedLoader.failure(error, default: .saving, "cannot save the feed")
        }
        return document
    }
}

extension LocalFeedLoader {
    /// The cached feed's bytes, if the cache holds one younger than the max age.
    public func load() throws(ToolError) -> CachedFeed {
        let cached: CachedFeed?
        do {
            cached = try store.retrieve()
        } catch {
            throw LocalFeedLoader.failure(error, default: .retrieval, "cannot read the cached feed")
        }
        guard let cached else {
            throw ToolError(.notFound, "no cached feed")
        }
        try LocalFeedLoader.checkShape(of: cached)
        guard policy.validate(cached.timestamp, against: currentDate()) else {
            throw LocalFeedLoader.expired(cached.timestamp, policy)
        }
        return cached
    }
}

extension LocalFeedLoader {
    /// Deletes the cached feed (and its image data) if it cannot be read or has
    /// expired; keeps a valid or empty cache.
    public func validateCache() throws(ToolError) {
        do {
            try store.exclusively {
                let stale: Bool
                do {
                    if let cached = try store.retrieve() {
                        try LocalFeedLoader.checkShape(of: cached)
                        stale = !policy.validate(cached.timestamp, against: currentDate())
                    } else {
                        stale = false
                    }
                } catch {
                    stale = true
                }
                if stale { try store.deleteCachedFeed() }
            }
        } catch {
            throw LocalFeedLoader.failure(error, default: .deletion, "cannot delete the cached feed")
        }
    }
}

extension LocalFeedLoader {
    /// What the store hands back has its header, length and checksum right,
    /// so it is what `save` wrote after checking the whole document (the
    /// checksum finds accidental damage; it is no defence against a file
    /// forged by hand, which the owner of the 0700 directory could as well
    /// write as a valid feed). What is checked again is only what costs
    /// nothing: the `{"items":[…]}` envelope every saved document has.
    static func checkShape(of cached: CachedFeed) throws(ToolError) {
        guard cached.document.withUnsafeBytes(hasFeedEnvelope) else {
            throw ToolError(.retrieval, "cannot read the cached feed: it is not a feed document")
        }
    }

    static func failure(_ error: Error, default kind: ErrorKind, _ what: String) -> ToolError {
        if let error = error as? ToolError { return error }
        if let error = error as? StoreError { return ToolError(error.kind, "\(what): \(error.reason)") }
        return ToolError(kind, "\(what): \(error)")
    }
}
