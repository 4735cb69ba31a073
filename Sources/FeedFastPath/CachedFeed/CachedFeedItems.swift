import FeedCore

/// The cached document read as a stream of items, where it stands (a mapped
/// cache file): what `load --format text|html` and `image missing` read one
/// item at a time, so memory is one item, not a tree of the feed. A first
/// pass checks every byte and counts the items (the page's head names the
/// count before its first figure: `CachedItemsCheck`, on two threads for a
/// large document); the second reads each item with the
/// reference reader, as the whole document's reading would. It takes only
/// the shape `save` writes, an object whose one key is `items`, an array of
/// objects; anything else it declines, and the caller reads the document the
/// reference way (`CachedBytes.feedItems`), whose answer or error is the one
/// given.
///
/// If the second pass does not find what the first checked, each `forEach…`
/// returns false (the caller fails with `CachedPasses.disagreement`).
/// Held by `CachedFeedItemsDifferentialTests`, `ItemTextsAheadTests`,
/// `ReaderEdgesDifferentialTests`, `CachedPassesDisagreementTests` and the
/// `cached-items` fuzz target (docs/layout.md, "The readers").
struct CachedFeedItems {
    private let document: UnsafeBufferPointer<UInt8>
    /// The same bytes, as the scanner takes them (it never writes to them).
    private let base: UnsafeMutablePointer<UInt8>
    /// Where each item starts, as the first pass found them.
    private let firstItem: Int?
    let count: Int
    /// Whether every item has a `url` string, as the page needs
    /// (`FeedPageItem`), by its unescaped keys: false also where a key
    /// spelt with escapes might be `url`, and then the reference reading
    /// decides (and says what is wrong, if anything is).
    let everyItemHasURL: Bool

    /// Where each item ends, negated for one to be read, when the first
    /// pass noted it for `forEachStored` (`StoredItemsCheck`).
    private let ends: [Int]?

    /// The items of `document`, or nil to decline. The bytes must outlive
    /// it. `notingStoredItems`: the first pass also checks each item as
    /// `save` stores it and notes which it is, so that `forEachStored` only
    /// copies (at the cost of a word an item, a tenth of the document at most).
    init?(_ document: UnsafeRawBufferPointer, notingStoredItems: Bool = false) {
        guard let start = document.baseAddress else { return nil }
        let base = UnsafeMutablePointer(mutating: start.assumingMemoryBound(to: UInt8.self))
        let checked: CachedItemsCheck
        let ends: [Int]?
        let first: Int?
        if notingStoredItems {
            guard let stored = SplitItemCheck.document(base, count: document.count, tally: {
                StoredItemsCheck(ends: CappedOffsets(documentCount: document.count, shares: $0))
            }) else { return nil }
            (checked, ends, first) = (stored.tally.items, stored.tally.ends.offsets, stored.first)
        } else {
            guard let items = SplitItemCheck.document(base, count: document.count, tally: { _ in CachedItemsCheck() }) else { return nil }
            (checked, ends, first) = (items.tally, nil, items.first)
        }
        self.ends = ends
        self.document = UnsafeBufferPointer(start: base, count: document.count)
        self.base = base
        self.firstItem = first
        self.count = checked.count
        self.everyItemHasURL = checked.everyItemHasURL
    }

    /// Calls `body` with what each item shows, in order: read from its bytes
    /// (`ItemTextsScan`) where that takes it, else from the reference
    /// reading of the item. Many items are read on a
    /// helper thread a batch ahead of `body` (`ItemTextsAhead`). False if the
    /// second pass did not find what the first checked (fail with
    /// `CachedPasses.disagreement`: the output so far is not all).
    func forEachTexts<E: Error>(_ body: (FeedItemTextBytes) throws(E) -> Void) throws(E) -> Bool {
        guard let firstItem else { return true }
        let reader = ItemTextsReader(document, base: base, firstItem: firstItem)
        if count >= Self.readAheadCount {
            return try ItemTextsAhead(reader, base: base, count: count).forEach(body)
        }
        var sequential = reader
        var decoded: [UInt8] = []
        for _ in 0..<count {
            decoded.removeAll(keepingCapacity: true)
            guard let spans = sequential.next(decodingInto: &decoded) else { return false }
            try decoded.withUnsafeBufferPointer { (decoded) throws(E) in try body(spans.bytes(in: base, decoded: decoded.baseAddress)) }
        }
        return true
    }

    /// From how many items `forEachTexts` reads ahead on a second thread.
    static var readAheadCount: Int { 4096 }

    /// Moves past the white space and the comma (or the closing bracket)
    /// after an item; false if something else is there.
    static func passSeparator(_ base: UnsafeMutablePointer<UInt8>, count: Int, _ offset: inout Int) -> Bool {
        var cursor = StoredEnvelope.amongItems(base, at: offset, count: count)
        guard cursor.nextElement() != nil else { return false }
        offset = cursor.index
        return true
    }

    /// Calls `body` with each item, in order: as it stands where it is one
    /// `save` stores as it stands, so that it needs no reading; else read.
    /// False as `forEachTexts` says.
    func forEachStored<E: Error>(_ body: (CachedItem) throws(E) -> Void) throws(E) -> Bool {
        guard var offset = firstItem else { return true }
        if let ends {
            for end in ends {
                if end > 0 {
                    while offset < end, JSONWhitespace.contains(base[offset]) { offset += 1 } // the first pass took the item after it
                    try body(.stored(StoredItemBytes(UnsafeBufferPointer(start: base + offset, count: end - offset), url: StoredItemURL.read)))
                    offset = end
                } else {
                    guard let item = try? JSONReader.value(in: document, at: &offset) else { return false }
                    try body(.read(item))
                }
                guard Self.passSeparator(base, count: document.count, &offset) else { return false }
            }
            return true
        }
        var scan = SavedItemScan()
        for _ in 0..<count {
            var scanner = JSONScanner(base, from: offset, to: document.count)
            scanner.skipWhitespace()
            let start = scanner.index
            if scan.scan(&scanner) != nil {
                let bytes = UnsafeBufferPointer(start: base + start, count: scanner.index - start)
                offset = scanner.index
                try body(.stored(StoredItemBytes(bytes, url: StoredItemURL.read)))
            } else {
                guard let item = try? JSONReader.value(in: document, at: &offset) else { return false }
                try body(.read(item))
            }
            guard Self.passSeparator(base, count: document.count, &offset) else { return false }
        }
        return true
    }
}
