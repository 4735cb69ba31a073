import FeedCore

extension FeedCacheSubcommands {
    /// Writes the cached feed, if it is there and not expired, in the chosen format.
    func load() throws {
        let cached: CachedFeed
        do {
            cached = try feedLoader.load()
        } catch {
            throw inCache(error)
        }
        try show(cached.document, savedAt: cached.timestamp)
    }

    /// Writes a feed the cache holds in the chosen format.
    func show(_ document: CachedBytes, savedAt: Timestamp) throws {
        try format.write(document, savedAt: savedAt, to: stage.output, images: imageLoader)
    }
}
