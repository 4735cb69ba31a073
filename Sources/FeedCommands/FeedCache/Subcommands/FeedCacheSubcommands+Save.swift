import FeedCore

extension FeedCacheSubcommands {
    /// Saves the pages on standard input as one feed, after the cached feed's
    /// items with `--append` ("load more"); nothing when an error record came.
    /// Then writes what it stored, as `load` would, unless `--quiet`.
    func save() throws {
        guard let feed = try readPages() else { return }
        let stored: [UInt8]
        do {
            stored = arguments.has("--append") ? try feedLoader.append(feed) : try feedLoader.save(feed)
        } catch {
            throw inCache(error)
        }
        if !arguments.has("--quiet") { try show(CachedBytes(stored), savedAt: stage.io.now()) }
    }
}
