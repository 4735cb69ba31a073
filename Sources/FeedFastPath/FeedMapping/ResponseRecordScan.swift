import FeedCore

/// The response record around a feed payload, as the fast path takes it:
/// url, status exactly 200, headers of strings, and the body; nothing else.
/// What it keeps of the headers is the response's validators (`etag`,
/// `last-modified`, as feed-fetch writes their names) and what says how long
/// it stays fresh (`cache-control`, `expires`, `date`, `age`), for the document.
///
/// A reader of `JSONCursor`; declines to the reference path. Held by
/// `FastFeedMapperRecordDifferentialTests`, `FastFeedMapperUndecodedPathDifferentialTests`,
/// `ReaderEdgesDifferentialTests` and the `feed-map` fuzz target (docs/layout.md, "The readers").
enum ResponseRecordScan {
    /// What the scan found before or around the body.
    struct Fields {
        var url: String?
        var sawStatus = false
        /// The kept headers' values, by their place in `keptHeaders`.
        var kept: [String?] = Array(repeating: nil, count: ResponseRecordScan.keptHeaders.count)
        var sawHeaders = false

        var validators: FeedValidators? {
            url.flatMap {
                FeedValidators(url: $0, etag: kept[0], lastModified: kept[1],
                               freshFor: HTTPFreshness.seconds(cacheControl: kept[2], expires: kept[3], date: kept[4], age: kept[5]))
            }
        }
    }

    typealias Cursor = JSONCursor<JSONScanner>

    /// `{"url":…,"status":200,"headers":{…},"body":"` with url, status and
    /// headers in any order and the body last; where the body's text starts.
    /// The cursor is then inside the record (`finishRecord` ends it).
    static func bodyStart(_ cursor: inout Cursor) -> (start: Int, fields: Fields)? {
        var fields = Fields()
        guard cursor.enterObject() == true else { return nil }
        while true {
            guard let key = cursor.key(), !key.escaped else { return nil }
            if cursor.key(key, is: "body") { break }
            guard member(key, &cursor, &fields), cursor.nextField() == true else { return nil }
        }
        guard fields.url != nil, fields.sawStatus, cursor.next() == 0x22 else { return nil }
        return (cursor.index + 1, fields)
    }

    /// After the body (the cursor past its closing quote): the record's end.
    static func finishRecord(_ cursor: inout Cursor) -> Bool {
        cursor.nextField() == false
    }

    /// The whole record, keys in any order; the body's span (the cursor is
    /// then past the record).
    static func record(_ cursor: inout Cursor) -> (body: JSONSpan, fields: Fields)? {
        var fields = Fields(), body: JSONSpan?
        var seen = SeenKeys(.decline)
        let read = cursor.object(.decline) { cursor, key in
            guard cursor.key(key, is: "body") else { return member(key, &cursor, &fields) }
            guard seen.admit(0), let span = cursor.scanner.string() else { return false }
            body = span
            return true
        }
        guard read, fields.url != nil, fields.sawStatus, let body else { return nil }
        return (body, fields)
    }

    /// One of url (once), status (200; a later one wins, so every one must
    /// be 200), headers (once). `body_base64`, `error`, `items`, anything
    /// else: not taken.
    private static func member(_ key: JSONKey, _ cursor: inout Cursor, _ fields: inout Fields) -> Bool {
        if cursor.key(key, is: "url") {
            guard fields.url == nil, let span = cursor.scanner.string() else { return false }
            fields.url = text(span, cursor.scanner)
            return true
        }
        if cursor.key(key, is: "status") {
            guard let span = cursor.scanner.number(), cursor.scanner.integer(span) == FeedItemsMapper.acceptedStatus else { return false }
            fields.sawStatus = true
            return true
        }
        return cursor.key(key, is: "headers") && headers(&cursor, &fields)
    }

    /// The headers kept, in the order of `Fields.kept`.
    static let keptHeaders: [StaticString] = ["etag", "last-modified", "cache-control", "expires", "date", "age"]

    /// An object of strings, read once. A kept header's name in any other
    /// spelling (escaped, another case), or twice, is left to the reference path.
    private static func headers(_ cursor: inout Cursor, _ fields: inout Fields) -> Bool {
        guard !fields.sawHeaders else { return false }
        fields.sawHeaders = true
        var seen = SeenKeys(.decline)
        return cursor.object(.decline) { cursor, name in
            guard let value = cursor.scanner.string() else { return false }
            if let index = keptHeaders.firstIndex(where: { cursor.key(name, is: $0) }) {
                guard seen.admit(index) else { return false }
                fields.kept[index] = text(value, cursor.scanner)
            } else if isKeptInAnotherCase(name.span, cursor.scanner) {
                return false
            }
            return true
        }
    }

    private static func isKeptInAnotherCase(_ name: JSONSpan, _ scanner: JSONScanner) -> Bool {
        let lowered = UnsafeBufferPointer(start: scanner.base + name.start, count: name.count).map { $0 | 0x20 }
        return keptHeaders.contains { lowered.elementsEqual(UnsafeBufferPointer(start: $0.utf8Start, count: $0.utf8CodeUnitCount)) }
    }

    /// A string's value, its escapes decoded, without touching the input.
    private static func text(_ span: JSONSpan, _ scanner: JSONScanner) -> String {
        var copy: [UInt8] = []
        scanner.decode(span, into: &copy)
        return String(decoding: copy, as: UTF8.self)
    }
}
