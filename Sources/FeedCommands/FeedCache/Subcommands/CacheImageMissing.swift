import FeedCore

/// `feed-cache image missing`.
struct CacheImageMissing: CacheSubcommand {
    let cache: OpenCache

    /// Writes a feed document of the cached feed's items whose image data is
    /// not cached (or cannot be read), in feed order: what a prefetch still
    /// has to fetch. `{"items":[]}` when none is missing. No valid cached
    /// feed: as `load`. Compact, the items are read and written one at a time
    /// where the cached document stands (the fast paths), each as it is
    /// stored where it reads back to its own bytes.
    func run() throws {
        let cached = try loadCached()
        guard stage.output.takesCompactDocuments else { return try showMissing(cached.document) }
        try writeMissing(cached.document)
    }

    private func showMissing(_ document: CachedBytes) throws {
        try stage.output.show(FeedDocument(items: try document.feedItems().filter(isMissing)))
    }

    private func isMissing(_ item: JSON) -> Bool {
        guard let url = item[FeedItemField.url.name]?.stringValue else { return false }
        return !imageLoader.hasImageData(for: url)
    }

    /// The document of missing items, compact, in chunks, read an item at a
    /// time by the fast paths (`CachedItemReading`); else shown the reference way.
    private func writeMissing(_ document: CachedBytes) throws {
        // Asked once: with no image data cached at all, every URL is missing.
        let lookUp = imageLoader.mayHaveImageData
        func isMissing(_ url: String?) -> Bool {
            guard let url else { return false }
            return !lookUp || !imageLoader.hasImageData(for: url)
        }
        let writer = JSONWriter()
        var chunk = Array(#"{"items":["#.utf8)
        var first = true
        var streamed = false
        try document.withUnsafeBytes { (bytes) throws in
            try FastPathChoice.installed.forEachItem(in: bytes, itemsWanted: true, begin: { _ in streamed = true }, body: { (item) throws in
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
            }, reference: { try showMissing(document) })
        }
        guard streamed else { return }
        chunk += Array("]}\n".utf8)
        try stage.output.emit(bytes: chunk)
    }
}
