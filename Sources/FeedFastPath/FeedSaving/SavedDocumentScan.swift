import FeedCore

/// Reads the documents `FastFeedSave` takes, one at a time, from the copy
/// of the input (`SavedInputCopy`), writing each kept item into the
/// document: `{"items":[…]}`, optionally followed by the validators feed-map
/// writes (`,"validators":{…}`), nothing else. The scanner ends where the
/// copy does; a scan that meets that end (an item longer than the stretch
/// copied ahead) declines, and `FastFeedSave` scans again over a whole copy.
struct SavedDocumentScan {
    private(set) var scanner: JSONScanner
    private(set) var copy: SavedInputCopy
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

    init(_ copy: SavedInputCopy, into output: borrowing SavedDocumentOutput) {
        self.copy = copy
        scanner = JSONScanner(output.base, from: 0, to: 0)
    }

    /// Whether only white space is left of the input.
    mutating func atEnd() -> Bool {
        while true {
            scanner.skipWhitespace()
            guard scanner.atEnd, cover() else { return scanner.atEnd }
        }
    }

    /// One document (the first opens the output); its validators' value
    /// (`.null` without them), or nil for anything the fast path does not take.
    mutating func document(into output: inout SavedDocumentOutput, first: Bool) -> JSON?? {
        cover()
        guard scanner.consume(0x7B), key("items"), scanner.consume(0x3A), scanner.consume(0x5B) else { return nil }
        if first { output.open() }
        if !scanner.consume(0x5D) {
            repeat {
                cover()
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
        cover()
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
            output.appendItem(at: item.start, count: item.end - item.start)
        }
        pendingCount = 0
    }

    /// Copies on ahead of the scanner, which then ends where the copy does;
    /// whether the copy grew.
    @discardableResult @inline(__always)
    private mutating func cover() -> Bool {
        guard copy.cover(from: scanner.index) else { return false }
        scanner = JSONScanner(scanner.base, from: scanner.index, to: copy.end)
        return true
    }

    /// An unescaped key spelt `name`.
    private mutating func key(_ name: String) -> Bool {
        guard let span = scanner.string(), !span.escaped else { return false }
        var name = name
        return name.withUTF8 { scanner.span(span, is: $0) }
    }
}
