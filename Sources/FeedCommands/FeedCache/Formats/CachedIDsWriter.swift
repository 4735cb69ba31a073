import FeedCore

/// `--format ids`: each item's id as it was saved, one a line, nothing
/// else (lines for `tail` and `read`). Read where the cached document
/// stands by the fast paths (`FastPathChoice`); what they decline is read
/// the reference way, which says what is wrong with it.
struct CachedIDsWriter {
    let output: RecordOutput

    func write(_ document: CachedBytes) throws {
        try document.withUnsafeBytes { (bytes) throws in
            try FastPathChoice.installed.writeIDs(of: bytes, write: output.emit(raw:)) { try writeReference(document) }
        }
    }

    private func writeReference(_ document: CachedBytes) throws {
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
