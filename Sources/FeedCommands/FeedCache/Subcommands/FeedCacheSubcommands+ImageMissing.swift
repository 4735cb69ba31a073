import FeedCore

extension FeedCacheSubcommands {
    /// Writes a feed document of the cached feed's items whose image data is
    /// not cached (or cannot be read), in feed order: what a prefetch still
    /// has to fetch. `{"items":[]}` when none is missing. No valid cached
    /// feed: as `load`.
    func imageMissing() throws {
        let cached: CachedFeed
        do {
            cached = try feedLoader.load()
        } catch {
            throw inCache(error)
        }
        let missing = try cached.document.feedItems().filter { item in
            guard let url = item[FeedItemField.url.name]?.stringValue else { return false }
            return !imageLoader.hasImageData(for: url)
        }
        try stage.output.show(FeedDocument(items: missing))
    }
}
