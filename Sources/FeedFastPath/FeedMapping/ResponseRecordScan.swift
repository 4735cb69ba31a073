import FeedCore

/// The response record around a feed payload, as the fast path takes it:
/// url, status exactly 200, headers of strings, and the body; nothing else.
/// What it keeps of the headers is the response's validators (`etag`,
/// `last-modified`, as feed-fetch writes their names), for the document.
enum ResponseRecordScan {
    /// What the scan found before or around the body.
    struct Fields {
        var url: String?
        var sawStatus = false
        var etag: String?
        var lastModified: String?

        var validators: FeedValidators? {
            url.flatMap { FeedValidators(url: $0, etag: etag, lastModified: lastModified) }
        }
    }

    /// `{"url":…,"status":200,"headers":{…},"body":"` with url, status and
    /// headers in any order and the body last; where the body's text starts.
    static func bodyStart(_ scanner: inout JSONScanner) -> (start: Int, fields: Fields)? {
        var fields = Fields()
        guard scanner.consume(0x7B) else { return nil }
        while true {
            guard let key = scanner.string(), scanner.consume(0x3A) else { return nil }
            if scanner.span(key, is: "body") { break }
            guard member(key, &scanner, &fields), scanner.consume(0x2C) else { return nil }
        }
        scanner.skipWhitespace()
        guard fields.url != nil, fields.sawStatus, scanner.peek() == 0x22 else { return nil }
        return (scanner.index + 1, fields)
    }

    /// The whole record, keys in any order; the body's span (the cursor is
    /// then past the record).
    static func record(_ scanner: inout JSONScanner) -> (body: JSONSpan, fields: Fields)? {
        var fields = Fields(), body: JSONSpan?
        guard scanner.consume(0x7B), !scanner.consume(0x7D) else { return nil }
        repeat {
            guard let key = scanner.string(), scanner.consume(0x3A) else { return nil }
            if scanner.span(key, is: "body") {
                guard body == nil, let span = scanner.string() else { return nil }
                body = span
            } else {
                guard member(key, &scanner, &fields) else { return nil }
            }
        } while scanner.consume(0x2C)
        guard scanner.consume(0x7D), fields.url != nil, fields.sawStatus, let body else { return nil }
        return (body, fields)
    }

    /// One of url (once), status (200; a later one wins, so every one must
    /// be 200), headers (once). `body_base64`, `error`, `items`, anything
    /// else: not taken.
    private static func member(_ key: JSONSpan, _ scanner: inout JSONScanner, _ fields: inout Fields) -> Bool {
        if scanner.span(key, is: "url") {
            guard fields.url == nil, let span = scanner.string() else { return false }
            fields.url = text(span, scanner)
            return true
        }
        if scanner.span(key, is: "status") {
            guard let span = scanner.number(), scanner.integer(span) == FeedItemsMapper.acceptedStatus else { return false }
            fields.sawStatus = true
            return true
        }
        return scanner.span(key, is: "headers") && headers(&scanner, &fields)
    }

    /// An object of strings, read once. A validator's name in any other
    /// spelling, or twice, is left to the reference path.
    private static func headers(_ scanner: inout JSONScanner, _ fields: inout Fields) -> Bool {
        guard fields.etag == nil, fields.lastModified == nil, scanner.consume(0x7B) else { return false }
        if scanner.consume(0x7D) { return true }
        repeat {
            guard let name = scanner.string(), scanner.consume(0x3A), let value = scanner.string() else { return false }
            if scanner.span(name, is: "etag") {
                guard fields.etag == nil else { return false }
                fields.etag = text(value, scanner)
            } else if scanner.span(name, is: "last-modified") {
                guard fields.lastModified == nil else { return false }
                fields.lastModified = text(value, scanner)
            } else if name.escaped || isValidatorInAnotherCase(name, scanner) {
                return false
            }
        } while scanner.consume(0x2C)
        return scanner.consume(0x7D)
    }

    private static func isValidatorInAnotherCase(_ name: JSONSpan, _ scanner: JSONScanner) -> Bool {
        let lowered = UnsafeBufferPointer(start: scanner.base + name.start, count: name.count).map { $0 | 0x20 }
        return lowered.elementsEqual("etag".utf8) || lowered.elementsEqual("last-modified".utf8)
    }

    /// A string's value, its escapes decoded, without touching the input.
    private static func text(_ span: JSONSpan, _ scanner: JSONScanner) -> String {
        var copy = Array(UnsafeBufferPointer(start: scanner.base + span.start, count: span.count))
        let end = copy.withUnsafeMutableBufferPointer { buffer in
            JSONScanner(buffer).unescapeInPlace(JSONSpan(start: 0, end: buffer.count, escaped: span.escaped))
        }
        return String(decoding: copy[..<end], as: UTF8.self)
    }
}
