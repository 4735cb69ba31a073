import FeedCore

extension FeedCacheSubcommands {
    /// Deletes the cached feed (and its images) if it is expired or cannot be read.
    func validate() throws {
        do {
            try feedLoader.validateCache()
        } catch {
            throw inCache(error)
        }
    }
}
