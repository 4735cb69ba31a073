import FeedCore

/// `feed-cache load`.
struct CacheLoad: CacheSubcommand {
    let cache: OpenCache

    /// Writes the cached feed, if it is there and not expired, in the chosen format.
    func run() throws {
        let cached = try loadCached()
        try show(cached.document, savedAt: cached.timestamp)
    }
}
