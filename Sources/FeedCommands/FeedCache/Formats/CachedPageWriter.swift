import FeedCore
import FeedPresentation

/// `--format html`: the feed as one HTML page, streamed a figure at a time,
/// each cached image in it. All that can fail the page (the items) is
/// checked before its first byte; an image whose cached data cannot be read
/// is a placeholder, as one not cached. The items are read one at a time
/// where the cached document stands when the fast paths take them.
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
        var page = FeedPageWriter { (bytes) throws(CommandStop) in try output.emit(raw: bytes) }
        var streamed = false
        try document.withUnsafeBytes { (bytes) throws in
            try FastPathChoice.installed.forEachItemTexts(in: bytes, needingURLs: true, begin: { (count) in
                streamed = true
                page.writeHead(itemCount: count, savedAt: savedAt)
            }, body: { (item) throws in
                guard let url = item.url else { return }
                try page.writeFigure(item, image(for: String(decoding: url, as: UTF8.self)))
            }, reference: {
                let items = try document.feedItems().map { (item) throws(ToolError) -> FeedPageItem in
                    guard let item = FeedPageItem(item) else { throw ToolError(.retrieval, "cannot read the cached feed: an item has no url") }
                    return item
                }
                try page.writePage(items, savedAt: savedAt) { image(for: $0.url) }
            })
        }
        if streamed { try page.writeTail() }
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
