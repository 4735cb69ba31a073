import FeedCore

/// `--format ids`: each item's id as it was saved, one a line, nothing
/// else (lines for `tail` and `read`).
struct CachedIDsWriter {
    let output: RecordOutput

    func write(_ document: CachedBytes) throws {
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
