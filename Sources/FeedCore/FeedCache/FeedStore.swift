/// Where the local feed loader keeps the feed (the case study's `FeedStore`).
/// Errors thrown are the store's own; the loader turns them into
/// `retrieval`, `saving` or `deletion`.
public protocol FeedStore {
    /// The cached feed, or nil when there is none. Never changes the cache.
    func retrieve() throws -> CachedFeed?
    /// Replaces the cached feed with `feed` at once (a reader sees the old one
    /// or the new one), then drops the image data of URLs not in `imageURLs`.
    func insert(_ feed: CachedFeed, keepingImageDataFor imageURLs: @autoclosure () -> Set<String>) throws
    /// Retrieves the cached feed and, if `isStale` says so of what it found,
    /// deletes it and its image data, with no other writer at work between
    /// the two (a delete must not remove a feed another process just saved).
    func deleteCachedFeed(if isStale: (Result<CachedFeed?, Error>) -> Bool) throws
    /// Retrieves the cached feed and replaces it with what `renewal` makes of
    /// it (the same document, a new timestamp and validators), with no other
    /// writer at work between the two; nothing changes if it returns nil.
    /// The image data stays as it is.
    func renewCachedFeed(_ renewal: (CachedFeed?) -> CachedFeed?) throws
}

extension FeedStore {
    /// For a store with one writer (in memory): retrieve, then insert,
    /// keeping the image data of the feed's own URLs.
    public func renewCachedFeed(_ renewal: (CachedFeed?) -> CachedFeed?) throws {
        guard let renewed = renewal(try? retrieve()) else { return }
        let urls = (try? LocalFeed(validatingItems: renewed.document.feedItems()))?.imageURLs ?? []
        try insert(renewed, keepingImageDataFor: urls)
    }
}
