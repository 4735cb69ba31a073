import FeedCore

extension FeedCacheSubcommands {
    /// Saves the pages on standard input as one feed, after the cached feed's
    /// items with `--append` ("load more"); nothing when an error record came.
    func save() throws {
        guard let feed = try readPages() else { return }
        let stored: [UInt8]
        do {
            stored = arguments.has("--append") ? try feedLoader.append(feed) : try feedLoader.save(feed)
        } catch {
            throw inCache(error)
        }
        if !arguments.has("--quiet") { try show(CachedBytes(stored)) }
    }

    func load() throws {
        let cached: CachedFeed
        do {
            cached = try feedLoader.load()
        } catch {
            throw inCache(error)
        }
        try show(cached.document, savedAt: cached.timestamp)
    }

    func validate() throws {
        do {
            try feedLoader.validateCache()
        } catch {
            throw inCache(error)
        }
    }
}
