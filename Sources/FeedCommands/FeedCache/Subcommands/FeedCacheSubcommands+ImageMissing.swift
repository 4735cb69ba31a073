import FeedCore
import FeedFastPath

extension FeedCacheSubcommands {
    /// Writes a feed document of the cached feed's items whose image data is
    /// not cached (or cannot be read), in feed order: what a prefetch still
    /// has to fetch. `{"items":[]}` when none is missing. No valid cached
    /// feed: as `load`. Compact, the items are read and written one at a time
    /// where the cached document stands (`CachedFeedItems`), each as it is
    /// stored where it reads back to its own bytes.
    func imageMissing() throws {
        let cached: CachedFeed
        do {
            cached = try feedLoader.load()
        } catch {
            throw inCache(error)
        }
        if stage.output.takesCompactDocuments, try writeMissing(cached.document) { return }
        let missing = try cached.document.feedItems().filter(isMissing)
        try stage.output.show(FeedDocument(items: missing))
    }

    private func isMissing(_ item: JSON) -> Bool {
        guard let url = item[FeedItemField.url.name]?.stringValue else { return false }
        return !imageLoader.hasImageData(for: url)
    }

    /// The document of missing items, compact, in chunks; false, with
    /// nothing written, if `CachedFeedItems` does not take the document.
    private func writeMissing(_ document: CachedBytes) throws(CommandStop) -> Bool {
        try document.withUnsafeBytes { (bytes) throws(CommandStop) -> Bool in
            guard let items = CachedFeedItems(bytes, notingStoredItems: true) else { return false }
            // Asked once: with no image data cached at all, every URL is missing.
            let lookUp = imageLoader.mayHaveImageData
            func isMissing(_ url: String?) -> Bool {
                guard let url else { return false }
                return !lookUp || !imageLoader.hasImageData(for: url)
            }
            let writer = JSONWriter()
            var chunk = Array(#"{"items":["#.utf8)
            var first = true
            let complete = try items.forEachStored { (item) throws(CommandStop) in
                switch item {
                case .stored(let stored):
                    // Its url is read only where image data may be cached.
                    guard !lookUp || !imageLoader.hasImageData(for: stored.url) else { return }
                    if !first { chunk.append(0x2C) }
                    chunk.append(contentsOf: stored.bytes)
                case .read(let item):
                    guard isMissing(item[FeedItemField.url.name]?.stringValue) else { return }
                    if !first { chunk.append(0x2C) }
                    writer.append(item, to: &chunk, indent: 0)
                }
                first = false
                if chunk.count >= 64 * 1024 {
                    try stage.output.emit(bytes: chunk)
                    chunk.removeAll(keepingCapacity: true)
                }
            }
            guard complete else { throw .failure(CachedPasses.disagreement) }
            chunk += Array("]}\n".utf8)
            try stage.output.emit(bytes: chunk)
            return true
        }
    }
}
