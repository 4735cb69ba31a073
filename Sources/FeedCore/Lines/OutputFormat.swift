/// `--format`: every way a command writes what it made, the one list of
/// them. json: documents (or records) as JSON; text: a readable list; jsonl
/// and tsv: a document's items one a line, for scripts (`jq -c`, `grep`;
/// `cut`, `awk`, `while read`), nothing else, so that an empty document
/// writes nothing (jsonl: each item as the compact JSON of the document's
/// `items`; tsv: each item's fields, `TabSeparatedLine`); ids: a cached
/// feed's ids, one a line; html: a cached feed as one page. Which of them a
/// command takes is its own list of these (`OutputFormat.documents`, ...).
/// The item lines here are the reference; the cached document's fast
/// reading (`CachedFeedLines`) is held to them.
public enum OutputFormat: String, CaseIterable, Sendable {
    case json
    case text
    case jsonl
    case tsv
    case ids
    case html

    /// Those that write a document's items one a line.
    public static let itemLines: [OutputFormat] = [.jsonl, .tsv]

    /// Whether it writes a document's items one a line (jsonl, tsv).
    public var writesItemLines: Bool { Self.itemLines.contains(self) }

    /// Whether the output is records that a next stage reads (json, jsonl),
    /// and so is told of a failure by an error record; text and tsv are for
    /// people and line tools, ids for `tail` and `read`, a page for a
    /// browser: those have the stderr line and the exit status.
    public var carriesRecords: Bool { self == .json || self == .jsonl }

    /// Feed items (as in a feed document), one a line: tsv's fields, else
    /// (jsonl) each item's compact JSON.
    public func feedLines(_ items: [JSON]) -> [UInt8] {
        var out: [UInt8] = []
        for item in items {
            if self == .tsv {
                FeedItemTexts(item).withBytes { $0.appendTabSeparatedLine(to: &out) }
            } else {
                Self.appendJSONLine(item, to: &out)
            }
        }
        return out
    }

    /// Comments, one a line: tsv as id, created_at, author (the username),
    /// message; else (jsonl) as the comments document's items.
    public func commentLines(_ comments: [ImageComment]) -> [UInt8] {
        var out: [UInt8] = []
        for comment in comments {
            if self == .tsv {
                TabSeparatedLine.append(strings: [comment.id, ISO8601.format(comment.createdAt), comment.username, comment.message], to: &out)
            } else {
                Self.appendJSONLine(comment.json, to: &out)
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
