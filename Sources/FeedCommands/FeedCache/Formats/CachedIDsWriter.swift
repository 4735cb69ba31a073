import FeedCore
import FeedFastPath

/// `--format ids`: each item's id as it was saved, one a line, nothing
/// else (lines for `tail` and `read`). Read where the cached document
/// stands, item by item (`CachedFeedIDs`); a document off the shape `save`
/// writes is read the reference way, which says what is wrong with it.
struct CachedIDsWriter {
    let output: RecordOutput

    func write(_ document: CachedBytes) throws {
        let streamed = try document.withUnsafeBytes { (bytes) throws(CommandStop) -> CachedReading in
            try CachedFeedIDs.write(bytes) { (lines) throws(CommandStop) in try output.emit(raw: lines) }
        }
        switch streamed {
        case .written: return
        case .passesDisagree: throw CachedPasses.disagreement
        case .declined: break
        }
        var lines: [UInt8] = []
        for item in try document.feedItems() {
            guard let id = item[FeedItemField.id.name]?.stringValue else {
                throw ToolError(.retrieval, "cannot read the cached feed: an item has no id")
            }
            lines += id.utf8
            lines.append(0x0A)
        }
        try output.emit(bytes: lines)
    }
}
