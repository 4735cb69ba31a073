import FeedCore
import FeedFastPath
import FeedPresentation

/// `--format html`: the feed as one HTML page, streamed a figure at a time,
/// each cached image in it. All that can fail the page (the items) is
/// checked before its first byte; an image whose cached data cannot be read
/// is a placeholder, as one not cached. The items are read one at a time
/// where the cached document stands (`CachedFeedItems`) when it takes them.
struct CachedPageWriter {
    let output: RecordOutput
    let images: LocalFeedImageDataLoader

    func write(_ document: CachedBytes, savedAt: Timestamp) throws {
        // Asked once: with no image data cached at all, no figure looks one up
        // (nor makes its url a String).
        let anyCached = images.mayHaveImageData
        func image(for url: @autoclosure () -> String) -> FeedPageImage {
            anyCached ? cachedImage(for: url()) : .placeholder(.notCached)
        }
        let streamed = try document.withUnsafeBytes { (bytes) throws(CommandStop) -> Bool in
            guard let items = CachedFeedItems(bytes), items.everyItemHasURL else { return false }
            var page = FeedPageWriter { (bytes) throws(CommandStop) in try output.emit(raw: bytes) }
            page.writeHead(itemCount: items.count, savedAt: savedAt)
            let complete = try items.forEachTexts { (item) throws(CommandStop) in
                guard let url = item.url else { return }
                try page.writeFigure(item, image(for: String(decoding: url, as: UTF8.self)))
            }
            guard complete else { throw .failure(CachedPasses.disagreement) }
            try page.writeTail()
            return true
        }
        if streamed { return }
        let items = try document.feedItems().map { (item) throws(ToolError) -> FeedPageItem in
            guard let item = FeedPageItem(item) else { throw ToolError(.retrieval, "cannot read the cached feed: an item has no url") }
            return item
        }
        var page = FeedPageWriter { (bytes) throws(CommandStop) in try output.emit(raw: bytes) }
        try page.writePage(items, savedAt: savedAt) { image(for: $0.url) }
    }

    /// The item's cached image, else a placeholder saying why there is none.
    private func cachedImage(for url: String) -> FeedPageImage {
        do throws(ToolError) {
            return FeedPageImage(cached: try images.loadImageData(from: url))
        } catch {
            return .placeholder(error.kind == .notFound ? .notCached : .unreadable)
        }
    }
}
