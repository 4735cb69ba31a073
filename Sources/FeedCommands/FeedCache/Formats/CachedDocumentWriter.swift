import FeedCore
import FeedPresentation

/// `--format json` and `--format text`: the feed as a document in the
/// output's format. The stored bytes go out untouched where the output takes
/// compact documents (a large feed goes from the page cache to stdout);
/// otherwise the items are read and shown (`--pretty`, text; text an item
/// at a time where the fast paths take the document).
struct CachedDocumentWriter {
    let output: RecordOutput

    func write(_ document: CachedBytes) throws {
        if output.takesCompactDocuments {
            return try document.withUnsafeBytes { (bytes) throws(CommandStop) in try output.emit(raw: bytes) }
        }
        guard output.format == .text else { return try show(document) }
        try writeText(document)
    }

    private func show(_ document: CachedBytes) throws {
        try output.show(FeedDocument(items: try document.feedItems()))
    }

    /// The text list, an item at a time where the cached document stands
    /// (`CachedItemReading`), in chunks; else shown the reference way.
    private func writeText(_ document: CachedBytes) throws {
        let chunk = OutputBytes(capacity: Self.chunkSize + 4096)
        var first = true
        try document.withUnsafeBytes { (bytes) throws in
            try FastPathChoice.installed.forEachItemTexts(in: bytes, needingURLs: false, begin: { _ in }, body: { (item) throws in
                if !first { chunk.append(TextFormat.feedItemSeparator) }
                first = false
                TextFormat.appendFeedItem(item, to: chunk)
                if chunk.count >= Self.chunkSize {
                    try chunk.withBytes { (bytes) throws(CommandStop) in try output.emit(raw: bytes) }
                    chunk.removeAll()
                }
            }, reference: { try show(document) })
        }
        if chunk.count > 0 { try chunk.withBytes { (bytes) throws(CommandStop) in try output.emit(raw: bytes) } }
    }

    private static let chunkSize = 64 * 1024
}
