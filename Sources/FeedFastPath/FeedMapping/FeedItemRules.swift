import FeedCore

/// One payload item checked against the schema's fields, as `FeedItemsMapper`
/// checks it: unknown keys skipped, an optional field may be null, required
/// fields present, ids UUIDs, urls absolute. Nil on anything else (an escaped
/// key, say), for the reference path to judge. A reader of `JSONCursor`
/// (docs/layout.md, "The readers").
///
/// Held by the `FastFeedMapper*DifferentialTests`, `ReaderEdgesDifferentialTests`
/// and the `feed-map` fuzz target.
enum FeedItemRules {
    /// Reads one item into `item` (cleared for it); false if not taken.
    @inline(__always)
    static func scan<Scanner: PayloadScanning>(_ cursor: inout JSONCursor<Scanner>, schema: FastSchema, into item: inout ItemSpans,
                                               scratch: inout [UInt8]) -> Bool {
        let fields = schema.fields
        item.clear(fields.count)
        // A repeated field's last value wins, as in the reference.
        var seen = SeenKeys(.lastWins)
        let read = cursor.object(.decline) { cursor, key in
            guard let index = field(named: key.span, in: fields, cursor.scanner) else { return cursor.skipValue() }
            guard seen.admit(index), let found = value(&cursor, of: fields[index]) else { return false }
            item[index] = found
            return true
        }
        guard read else { return false }
        let scanner = cursor.scanner
        for index in fields.indices {
            let field = fields[index]
            guard let span = item[index] else {
                if field.isRequired { return false }
                continue
            }
            switch field.kind {
            case .uuid: guard check(span, scanner, &scratch, Identifiers.isUUID) else { return false }
            case .url: guard check(span, scanner, &scratch, Identifiers.isAbsoluteURL) else { return false }
            case .string, .integer: break
            }
        }
        return true
    }

    /// The place of the field whose payload key `key` is, if any.
    @inline(__always)
    private static func field<Scanner: PayloadScanning>(named key: JSONSpan, in fields: UnsafeBufferPointer<FastSchema.Field>,
                                                        _ scanner: Scanner) -> Int? {
        let start = UnsafePointer(scanner.base + key.start), readable = scanner.end - key.start
        for index in fields.indices where fields[index].key.matches(start, length: key.count, readable: readable) {
            return index
        }
        return nil
    }

    /// A field's value, of its kind: its span, or `.some(nil)` for null in
    /// an optional field (an absent one; a later key wins, as in the
    /// reference); nil if not taken.
    @inline(__always)
    private static func value<Scanner: PayloadScanning>(_ cursor: inout JSONCursor<Scanner>, of field: FastSchema.Field) -> JSONSpan?? {
        if !field.isRequired, cursor.next() == 0x6E { // n
            return cursor.scanner.null() ? .some(nil) : nil
        }
        switch field.kind {
        case .uuid, .string, .url:
            return cursor.scanner.string().map { $0 }
        case .integer:
            guard let span = cursor.scanner.number(), cursor.scanner.integer(span) != nil else { return nil }
            return span
        }
    }

    /// Runs `test` on a string's value (decoded first if it has escapes).
    private static func check<Scanner: PayloadScanning>(_ span: JSONSpan, _ scanner: Scanner, _ scratch: inout [UInt8],
                                                        _ test: (UnsafeBufferPointer<UInt8>) -> Bool) -> Bool {
        if !span.escaped {
            return test(UnsafeBufferPointer(start: scanner.base + span.start, count: span.count))
        }
        scanner.decode(span, into: &scratch)
        return scratch.withUnsafeBufferPointer(test)
    }
}
