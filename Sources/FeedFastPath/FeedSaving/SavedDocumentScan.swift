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
                if seen.insert(id) {
                    output.appendItem(scanner.base + start, count: scanner.index - start)
                }
                release.advance(to: scanner.index)
            } while scanner.consume(0x2C)
            guard scanner.consume(0x5D) else { return nil }
        }
        var validators: JSON?
        if scanner.consume(0x2C) {
            guard key(FeedValidators.documentKey), scanner.consume(0x3A) else { return nil }
            scanner.skipWhitespace()
            let start = scanner.index
            guard scanner.peek() == 0x7B, scanner.skipValue(depth: 1) else { return nil }
            let bytes = Array(UnsafeBufferPointer(start: scanner.base + start, count: scanner.index - start))
            guard let value = try? JSONReader.parseSingle(bytes) else { return nil }
            validators = value
        }
        guard scanner.consume(0x7D) else { return nil }
        return .some(validators)
    }

    /// An unescaped key spelt `name`.
    private mutating func key(_ name: String) -> Bool {
        guard let span = scanner.string(), !span.escaped else { return false }
        var name = name
        return name.withUTF8 { scanner.span(span, is: $0) }
    }
}
