import FeedCore

/// `feed-cache validate`.
struct CacheValidate: CacheSubcommand {
    let cache: OpenCache

    /// Deletes the cached feed (and its images) if it is expired or cannot be read.
    func run() throws {
        do {
            try feedLoader.validateCache()
        } catch {
            throw inCache(error)
        }
    }
}
