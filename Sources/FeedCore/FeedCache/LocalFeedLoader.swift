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
            throw CacheFailure.wrapping(error, default: .saving, "cannot save the feed")
        }
        return document
    }
}

extension LocalFeedLoader {
    /// The cached feed, if the cache holds one younger than the max age: its
    /// bytes as the store holds them (in place where the store can lend them).
    public func load() throws(ToolError) -> CachedFeed {
        let cached: CachedFeed?
        do {
            cached = try store.retrieve()
        } catch {
            throw CacheFailure.wrapping(error, default: .retrieval, "cannot read the cached feed")
        }
        guard let cached else { throw ToolError(.notFound, "no cached feed") }
        try checkShape(of: cached)
        guard policy.validate(cached.timestamp, against: currentDate()) else {
            throw ToolError(.expired, "cached feed expired: saved \(ISO8601.format(cached.timestamp.seconds)), max age \(FeedCachePolicy.describe(policy.maxAge))")
        }
        return cached
    }
}

extension LocalFeedLoader {
    /// Deletes the cached feed (and its image data) if it cannot be read or has
    /// expired; keeps a valid or empty cache.
    public func validateCache() throws(ToolError) {
        do {
            try store.deleteCachedFeed { retrieved in
                switch retrieved {
                case .failure: return true
                case .success(nil): return false
                case .success(let cached?):
                    do { try checkShape(of: cached) } catch { return true }
                    return !policy.validate(cached.timestamp, against: currentDate())
                }
            }
        } catch {
            throw CacheFailure.wrapping(error, default: .deletion, "cannot delete the cached feed")
        }
    }
}

extension LocalFeedLoader {
    /// What the store hands back has its header, length and checksum right,
    /// so it is what `save` wrote after checking the whole document (the
    /// checksum finds accidental damage; it is no defence against a file
    /// forged by hand, which the owner of the 0700 directory could as well
    /// write as a valid feed). What is checked again is only what costs
    /// nothing: the `{"items":[…]}` envelope and newline every saved document has.
    private func checkShape(of cached: CachedFeed) throws(ToolError) {
        let head = Array("{\"items\":[".utf8), tail = Array("]}\n".utf8)
        let whole = cached.document.withUnsafeBytes { document in
            document.count >= head.count + tail.count
                && document.prefix(head.count).elementsEqual(head)
                && document.suffix(tail.count).elementsEqual(tail)
        }
        guard whole else { throw ToolError(.retrieval, "cannot read the cached feed: it is not a feed document") }
    }
}
