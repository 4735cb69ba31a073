import FeedCore

/// Reads the cached document's items one after another, from the first, as
/// where their shown texts stand (`ItemTextSpans`): by `ItemTextsScan` where
/// it takes the item, else by the reference reader, whose texts are copied
/// beside the document.
struct ItemTextsReader {
    private let document: UnsafeBufferPointer<UInt8>
    private let base: UnsafeMutablePointer<UInt8>
    private var offset: Int
    private var scan = ItemTextsScan()

    init(_ document: UnsafeBufferPointer<UInt8>, base: UnsafeMutablePointer<UInt8>, firstItem: Int) {
        (self.document, self.base, offset) = (document, base, firstItem)
    }

    /// The next item's spans, texts that are not where they stand appended
    /// to `decoded`; nil where it does not find what the first pass took.
    mutating func next(decodingInto decoded: inout [UInt8]) -> ItemTextSpans? {
        var cursor = StoredEnvelope.amongItems(base, at: offset, count: document.count)
        let mark = decoded.count
        let spans: ItemTextSpans
        if let scanned = scan.scan(&cursor, decodingInto: &decoded) {
            offset = cursor.index
            spans = scanned
        } else {
            decoded.removeSubrange(mark...)
            // The first pass took these bytes as the reader takes them.
            guard let item = try? JSONReader.value(in: document, at: &offset) else { return nil }
            spans = ItemTextSpans(copying: FeedItemTexts(item), into: &decoded)
        }
        guard CachedFeedItems.passSeparator(base, count: document.count, &offset) else { return nil }
        return spans
    }
}
