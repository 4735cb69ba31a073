import FeedCore

/// One item as `FastFeedSave` takes it: a flat object written exactly as the
/// cache would write it back (no white space, no key twice, every string's
/// escapes those the writer uses, values strings, numbers, `true`, `false`
/// or `null`), with a UUID `id` and an absolute `url`, as `LocalFeedItem`
/// checks them. Its bytes can then be stored as they stand.
///
/// A reader of `JSONCursor` (escaped keys declined, a repeated key declined).
/// White space is told by length: the item is compact exactly when its bytes
/// are as many as its tokens' (`{`, and each member's key, colon, value and
/// the `,` or `}` after it). Held by `FastFeedSaveDifferentialTests`,
/// `FastFeedSaveItemShapeTests`, `CachedFeedItemsDifferentialTests` and the
/// `feed-save` and `cached-items` fuzz targets (docs/layout.md, "The readers").
struct SavedItemScan {
    init() {}

    private var keys: [JSONSpan] = []
    private var scratch: [UInt8] = []
    private static let idKey = Array(FeedItemField.id.name.utf8)
    private static let urlKey = Array(FeedItemField.url.name.utf8)

    /// The decoded `url` of the item last scanned, after a scan that took it.
    var url: [UInt8] { scratch }

    /// Scans the item at the scanner (no white space before it); its id as
    /// a number, or nil to decline.
    mutating func scan(_ scanner: inout JSONScanner) -> UInt128? {
        var cursor = JSONCursor(scanner)
        defer { scanner = cursor.scanner }
        let start = cursor.index
        keys.removeAll(keepingCapacity: true)
        var id: UInt128?
        var url = false
        var tokens = 1 // the `{`
        let read = cursor.object(.decline) { cursor, key in
            guard isNew(key, cursor), let (string, length) = Self.value(&cursor) else { return false }
            tokens += key.span.count + 4 + length // its quotes, the colon, the `,` or `}` after the value
            if Self.idKey.withUnsafeBufferPointer({ cursor.key(key, is: $0) }) {
                guard let string, !string.escaped else { return false }
                let text = UnsafeBufferPointer(start: cursor.base + string.start, count: string.count)
                guard Identifiers.isUUID(text) else { return false }
                id = Self.number(ofUUID: text)
            } else if Self.urlKey.withUnsafeBufferPointer({ cursor.key(key, is: $0) }) {
                guard let string else { return false }
                cursor.scanner.decode(string, into: &scratch)
                guard scratch.withUnsafeBufferPointer(Identifiers.isAbsoluteURL) else { return false }
                url = true
            }
            return true
        }
        guard read, url, cursor.index - start == tokens else { return nil }
        return id
    }

    /// Is `key` not among the item's keys so far? (Then it is one of them.)
    @inline(__always)
    private mutating func isNew(_ key: JSONKey, _ cursor: JSONCursor<JSONScanner>) -> Bool {
        guard keys.count < 32 else { return false }
        for other in keys where cursor.key(key, is: UnsafeBufferPointer(start: cursor.base + other.start, count: other.count)) {
            return false
        }
        keys.append(key.span)
        return true
    }

    /// The value at the cursor: a string's span (escaped only as the writer
    /// escapes) or nil for a number or literal, and its length; nil for
    /// anything else (an object, an array).
    @inline(__always)
    private static func value(_ cursor: inout JSONCursor<JSONScanner>) -> (string: JSONSpan?, length: Int)? {
        guard let first = cursor.next() else { return nil }
        let start = cursor.index
        var string: JSONSpan?
        switch first {
        case JSONScanner.stringOpener:
            guard let span = cursor.scanner.string(), CanonicalEscapes.hold(in: span, cursor.scanner) else { return nil }
            string = span
        case 0x2D, 0x30...0x39:
            guard cursor.scanner.number() != nil else { return nil }
        case 0x74, 0x66, 0x6E:
            guard cursor.scanner.literal(startingWith: first) else { return nil }
        default:
            return nil
        }
        return (string, cursor.index - start)
    }

    /// The 128 bits a UUID's 32 hex digits spell, in either case.
    @inline(__always)
    private static func number(ofUUID text: UnsafeBufferPointer<UInt8>) -> UInt128 {
        var value: UInt128 = 0
        for byte in text where byte != 0x2D {
            value = value << 4 | UInt128(JSONHex.value(ofDigit: byte))
        }
        return value
    }
}
