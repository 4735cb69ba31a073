import FeedCore
import FeedFastPath
import FeedPresentation

/// `--format json` and `--format text`: the feed as a document in the
/// output's format. The stored bytes go out untouched where the output takes
/// compact documents (a large feed goes from the page cache to stdout);
/// otherwise the items are read and shown (`--pretty`, text; text an item
/// at a time).
struct CachedDocumentWriter {
    let output: RecordOutput

    func write(_ document: CachedBytes) throws {
        if output.takesCompactDocuments {
            return try document.withUnsafeBytes { (bytes) throws(CommandStop) in try output.emit(raw: bytes) }
        }
        if output.format == .text, try writeText(document) { return }
        try output.show(FeedDocument(items: try document.feedItems()))
    }

    /// The text list, an item at a time where the cached document stands
    /// (`CachedFeedItems`), in chunks; false, with nothing written, if it
    /// does not take the document.
    private func writeText(_ document: CachedBytes) throws(CommandStop) -> Bool {
        try document.withUnsafeBytes { (bytes) throws(CommandStop) -> Bool in
            guard let items = CachedFeedItems(bytes) else { return false }
            let chunk = OutputBytes(capacity: Self.chunkSize + 4096)
            var first = true
            let complete = try items.forEachTexts { (item) throws(CommandStop) in
                if !first { chunk.append(TextFormat.feedItemSeparator) }
                first = false
                TextFormat.appendFeedItem(item, to: chunk)
                if chunk.count >= Self.chunkSize {
                    try chunk.withBytes { (bytes) throws(CommandStop) in try output.emit(raw: bytes) }
                    chunk.removeAll()
                }
            }
            guard complete else { throw .failure(CachedPasses.disagreement) }
            if chunk.count > 0 { try chunk.withBytes { (bytes) throws(CommandStop) in try output.emit(raw: bytes) } }
            return true
        }
    }

    private static let chunkSize = 64 * 1024
}
