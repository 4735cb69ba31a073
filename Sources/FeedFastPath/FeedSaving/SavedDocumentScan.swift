import FeedCore

/// Reads the documents `FastFeedSave` takes, one at a time, copying each
/// kept item into the output: `{"items":[…]}`, optionally followed by the
/// validators feed-map writes (`,"validators":{…}`), nothing else.
struct SavedDocumentScan {
    var scanner: JSONScanner
    var release: InputRelease
    /// The ids kept so far, as numbers: a UUID in any case is the same id.
    private let seen = SeenIDs()
    private var items = SavedItemScan()
    /// Items scanned and not yet looked up: where each stands, and its id.
    /// They are looked up together (`SeenIDs.insert(batch:)`), then copied.
    private var pending: [(start: Int, end: Int)] = Array(repeating: (0, 0), count: Self.batch)
    private var pendingIDs: [UInt128] = Array(repeating: 0, count: Self.batch)
    private var pendingCount = 0
    private var kept: [Bool] = Array(repeating: false, count: Self.batch)
    private static var batch: Int { 32 }

    init(scanner: JSONScanner, release: InputRelease) {
        self.scanner = scanner
        self.release = release
    }

    /// One document; its validators' value (`.null` without them), or nil
    /// for anything the fast path does not take.
    mutating func document(into output: inout SavedDocumentOutput) -> JSON?? {
        guard scanner.consume(0x7B), key("items"), scanner.consume(0x3A), scanner.consume(0x5B) else { return nil }
        if !scanner.consume(0x5D) {
            repeat {
                scanner.skipWhitespace()
                let start = scanner.index
                guard let id = items.scan(&scanner) else { return nil }
                pending[pendingCount] = (start, scanner.index)
                pendingIDs[pendingCount] = id
                pendingCount += 1
                if pendingCount == Self.batch { keepPending(into: &output) }
            } while scanner.consume(0x2C)
            keepPending(into: &output)
            guard scanner.consume(0x5D) else { return nil }
        }
        var validators: JSON?
        if scanner.consume(0x2C) {
            guard key(FeedValidators.documentKey), scanner.consume(0x3A) else { return nil }
            scanner.skipWhitespace()
            let start = scanner.index
            guard scanner.peek() == 0x7B, scanner.skipValue(inside: 1) else { return nil }
            let bytes = Array(UnsafeBufferPointer(start: scanner.base + start, count: scanner.index - start))
            guard let value = try? JSONReader.parseSingle(bytes) else { return nil }
            validators = value
        }
        guard scanner.consume(0x7D) else { return nil }
        return .some(validators)
    }

    /// Copies the pending items whose ids are new, in order; then the input
    /// before the last of them may be given back.
    private mutating func keepPending(into output: inout SavedDocumentOutput) {
        guard pendingCount > 0 else { return }
        pendingIDs.withUnsafeBufferPointer { ids in
            kept.withUnsafeMutableBufferPointer { kept in
                seen.insert(batch: UnsafeBufferPointer(rebasing: ids[..<pendingCount]), into: kept)
            }
        }
        for index in 0..<pendingCount where kept[index] {
            let item = pending[index]
            output.appendItem(scanner.base + item.start, count: item.end - item.start)
        }
        if !output.isMirroring { release.advance(to: pending[pendingCount - 1].end) }
        pendingCount = 0
    }

    /// An unescaped key spelt `name`.
    private mutating func key(_ name: String) -> Bool {
        guard let span = scanner.string(), !span.escaped else { return false }
        var name = name
        return name.withUTF8 { scanner.span(span, is: $0) }
    }
}
