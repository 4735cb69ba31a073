import FeedCore

/// feed-cache's `--format` (`save`, `load`: `OutputFormat.cachedFeed`): the
/// feed as a document, in one of the output's formats (json, text, an item a
/// line as jsonl or tsv), as its ids, one a line, as they were saved, or as
/// one HTML page for people, its cached images in it.
/// A format of the feed's own is one more case of `OutputFormat`, in
/// `cachedFeed`, with its writer beside the others here.
extension OutputFormat {
    /// Writes a feed the cache holds in this format; `savedAt` is when it
    /// was saved (the page says how old it is).
    func write(_ document: CachedBytes, savedAt: Timestamp, to output: RecordOutput, images: LocalFeedImageDataLoader) throws {
        switch self {
        case .json, .text: try CachedDocumentWriter(output: output).write(document)
        case .jsonl, .tsv: try CachedLinesWriter(output: output, format: self).write(document)
        case .ids: try CachedIDsWriter(output: output).write(document)
        case .html: try CachedPageWriter(output: output, images: images).write(document, savedAt: savedAt)
        }
    }
}
