import FeedCore

/// Reads the documents `FastFeedSave` takes, one at a time, from the copy
/// of the input (`SavedInputCopy`), writing each kept item into the
/// document: `{"items":[…]}`, optionally followed by the validators feed-map
/// writes (`,"validators":{…}`), nothing else. The scanner ends where the
/// copy does; a scan that meets that end (an item longer than the stretch
/// copied ahead) declines, and `FastFeedSave` scans again over a whole copy.
/// A reader of `JSONCursor` (escaped keys declined); each item is
/// `SavedItemScan`'s, which takes only the bytes the cache writes back.
/// Held by `FastFeedSaveDifferentialTests` and the `feed-save` fuzz target
/// (docs/layout.md, "The readers").
struct SavedDocumentScan {
    private(set) var cursor: JSONCursor<JSONScanner>
    private(set) var copy: SavedInputCopy
    /// The ids kept so far, as numbers: a UUID in any case is the same id.
    private let seen = SeenIDs()
    private var items = SavedItemScan()
    /// Items scanned and not yet looked up: where each stands, and its id.
    /// They are looked up together (`SeenIDs.insert(batch:)`), then copied.
    private var pending: [(start: Int, end: Int)] = Array(repeating: (0, 0), count: Self.batch)
    private var pendingIDs: [UInt128] = Array(repeating: 0, count: Self.batch)
    private var pendingCount = 0
    /// Items scanned so far, and whether the ids' table was sized from them.
    private var scanned = 0
    private var sized = false
    /// How much of the input is read before the number of items is guessed.
    private static var sample: Int { 1 << 20 }
    private var kept: [Bool] = Array(repeating: false, count: Self.batch)
    private static var batch: Int { 32 }

    /// Where the document's final bytes go as they are kept.
    private let sink: FeedDocumentSink?

    init(_ copy: SavedInputCopy, into output: borrowing SavedDocumentOutput, sink: FeedDocumentSink?) {
        self.copy = copy
        self.sink = sink
        cursor = JSONCursor(JSONScanner(output.base, from: 0, to: 0))
    }

    /// Whether only white space is left of the input.
    mutating func atEnd() -> Bool {
        while true {
            guard cursor.next() == nil else { return false }
            guard cover() else { return true }
        }
    }

    /// One document (the first opens the output); its validators' value
    /// (`.null` without them), or nil for anything the fast path does not take.
    mutating func document(into output: inout SavedDocumentOutput, first: Bool) -> JSON?? {
        cover()
        guard var more = StoredEnvelope.open(&cursor) else { return nil }
        if first { output.open() }
        while more {
            cover()
            _ = cursor.next()
            let start = cursor.index
            guard let id = items.scan(&cursor.scanner) else { return nil }
            pending[pendingCount] = (start, cursor.index)
            pendingIDs[pendingCount] = id
            pendingCount += 1
            if pendingCount == Self.batch { keepPending(into: &output) }
            guard let next = cursor.nextElement() else { return nil }
            more = next
        }
        keepPending(into: &output)
        var validators: JSON?
        cover()
        guard let validatorsFollow = cursor.nextField() else { return nil }
        if validatorsFollow {
            guard key(documentKey: FeedValidators.documentKey), cursor.next() == 0x7B else { return nil }
            let start = cursor.index
            guard cursor.skipValue() else { return nil }
            let bytes = Array(UnsafeBufferPointer(start: cursor.base + start, count: cursor.index - start))
            guard let value = try? JSONReader.parseSingle(bytes), cursor.nextField() == false else { return nil }
            validators = value
        }
        return .some(validators)
    }

    /// Copies the pending items whose ids are new, in order; then the input
    /// before the last of them may be given back.
    private mutating func keepPending(into output: inout SavedDocumentOutput) {
        guard pendingCount > 0 else { return }
        scanned += pendingCount
        if !sized && cursor.index >= Self.sample { sizeTheTable() }
        pendingIDs.withUnsafeBufferPointer { ids in
            kept.withUnsafeMutableBufferPointer { kept in
                seen.insert(batch: UnsafeBufferPointer(rebasing: ids[..<pendingCount]), into: kept)
            }
        }
        for index in 0..<pendingCount where kept[index] {
            let item = pending[index]
            output.appendItem(at: item.start, count: item.end - item.start)
        }
        pendingCount = 0
        sink?.documentIsFinal(upTo: output.written)
    }

    /// Once a sample of the input is read: room in the ids' table for as
    /// many items as the whole input holds at the sample's rate, so that a
    /// large feed's table is made once rather than doubled a dozen times.
    /// A wrong guess costs memory, or a doubling or two.
    private mutating func sizeTheTable() {
        sized = true
        seen.reserve(scanned * copy.count / cursor.index)
    }

    /// Copies on ahead of the scanner, which then ends where the copy does;
    /// whether the copy grew.
    @discardableResult @inline(__always)
    private mutating func cover() -> Bool {
        guard copy.cover(from: cursor.index) else { return false }
        cursor.scanner = JSONScanner(cursor.base, from: cursor.index, to: copy.end)
        return true
    }

    /// An unescaped key spelt `name`.
    private mutating func key(documentKey name: String) -> Bool {
        guard let key = cursor.key(), !key.escaped else { return false }
        var name = name
        return name.withUTF8 { cursor.key(key, is: $0) }
    }
}
