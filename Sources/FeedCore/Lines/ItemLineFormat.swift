/// `--format jsonl` and `--format tsv`: a document's items one a line, for
/// scripts (`jq -c`, `grep`; `cut`, `awk`, `while read`), nothing else: an
/// empty document writes nothing. jsonl: each item as the compact JSON of
/// the document's `items`; tsv: each item's fields (`TabSeparatedLine`).
/// These are the reference; the cached document's fast reading
/// (`CachedFeedLines`) is held to them.
public enum ItemLineFormat: String, CaseIterable, Sendable {
    case jsonl
    case tsv

    /// Feed items (as in a feed document), one a line.
    public func feedLines(_ items: [JSON]) -> [UInt8] {
        var out: [UInt8] = []
        for item in items {
            switch self {
            case .jsonl: Self.appendJSONLine(item, to: &out)
            case .tsv: FeedItemTexts(item).withBytes { $0.appendTabSeparatedLine(to: &out) }
            }
        }
        return out
    }

    /// Comments, one a line: jsonl as the comments document's items; tsv
    /// as id, created_at, author (the username), message.
    public func commentLines(_ comments: [ImageComment]) -> [UInt8] {
        var out: [UInt8] = []
        for comment in comments {
            switch self {
            case .jsonl: Self.appendJSONLine(comment.json, to: &out)
            case .tsv: TabSeparatedLine.append(strings: [comment.id, ISO8601.format(comment.createdAt), comment.username, comment.message], to: &out)
            }
        }
        return out
    }

    /// One item as a compact JSON line.
    public static func appendJSONLine(_ item: JSON, to out: inout [UInt8]) {
        JSONWriter(style: .compact).append(item, to: &out, indent: 0)
        out.append(0x0A)
    }
}
