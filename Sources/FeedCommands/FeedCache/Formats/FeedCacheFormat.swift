import FeedCore

/// feed-cache's `--format` (`save`, `load`): the feed as a document, in one
/// of the output's formats (json, text, an item a line as jsonl or tsv), as
/// its ids, one a line, as they were saved, or as one HTML page for people,
/// its cached images in it.
/// A format of the feed's own is one more case here, with its writer beside it.
enum FeedCacheFormat: String, CaseIterable {
    case json
    case text
    case jsonl
    case tsv
    case ids
    case html

    /// The format the output shows documents in; nil where `show` writes the feed itself.
    var documentFormat: OutputFormat? {
        switch self {
        case .json: .json
        case .text: .text
        case .jsonl: .jsonl
        case .tsv: .tsv
        case .ids, .html: nil
        }
    }

    /// Whether a failure is told to the next stage by an error record on
    /// stdout: where the documents are records (`OutputFormat.carriesRecords`).
    /// Not among ids, which are lines for `tail` and `read`, nor in a page,
    /// which is for a browser: there only the message on stderr.
    var carriesRecords: Bool { documentFormat?.carriesRecords ?? false }

    /// `--format`'s value, json if none; an unknown one is a usage error.
    static func chosen(by arguments: ParsedArguments, _ stage: Stage) throws(CommandStop) -> FeedCacheFormat {
        let name = arguments.value("--format") ?? json.rawValue
        guard let format = FeedCacheFormat(rawValue: name) else { throw stage.unknownFormat(name, allCases.map(\.rawValue)) }
        return format
    }
}

extension FeedCacheFormat {
    /// Writes a feed the cache holds in this format; `savedAt` is when it
    /// was saved (the page says how old it is).
    func write(_ document: CachedBytes, savedAt: Timestamp, to output: RecordOutput, images: LocalFeedImageDataLoader) throws {
        switch self {
        case .json, .text: try CachedDocumentWriter(output: output).write(document)
        case .jsonl: try CachedLinesWriter(output: output, format: .jsonl).write(document)
        case .tsv: try CachedLinesWriter(output: output, format: .tsv).write(document)
        case .ids: try CachedIDsWriter(output: output).write(document)
        case .html: try CachedPageWriter(output: output, images: images).write(document, savedAt: savedAt)
        }
    }
}
