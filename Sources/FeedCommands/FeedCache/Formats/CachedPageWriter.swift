import FeedCore
import FeedPresentation

/// `--format html`: the feed as one HTML page, streamed a figure at a time,
/// each cached image in it. All that can fail the page (the items) is
/// checked before its first byte; an image whose cached data cannot be read
/// is a placeholder, as one not cached.
struct CachedPageWriter {
    let output: RecordOutput
    let images: LocalFeedImageDataLoader

    func write(_ document: CachedBytes, savedAt: Timestamp) throws {
        let items = try document.feedItems().map { (item) throws(ToolError) -> FeedPageItem in
            guard let item = FeedPageItem(item) else { throw ToolError(.retrieval, "cannot read the cached feed: an item has no url") }
            return item
        }
        var page = FeedPageWriter { (bytes) throws(CommandStop) in try output.emit(raw: bytes) }
        try page.writePage(items, savedAt: savedAt) { item in
            do throws(ToolError) {
                return FeedPageImage(cached: try images.loadImageData(from: item.url))
            } catch {
                return .placeholder(error.kind == .notFound ? .notCached : .unreadable)
            }
        }
    }
}
