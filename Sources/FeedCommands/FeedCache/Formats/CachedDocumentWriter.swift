import FeedCore

/// `--format json` and `--format text`: the feed as a document in the
/// output's format. The stored bytes go out untouched where the output takes
/// compact documents (a large feed goes from the page cache to stdout);
/// otherwise the items are read and shown (`--pretty`, text).
struct CachedDocumentWriter {
    let output: RecordOutput

    func write(_ document: CachedBytes) throws {
        if output.takesCompactDocuments {
            return try document.withUnsafeBytes { (bytes) throws(CommandStop) in try output.emit(raw: bytes) }
        }
        try output.show(FeedDocument(items: try document.feedItems()))
    }
}
