import FeedCore

/// The response record around a feed payload, as the fast path takes it:
/// url, status exactly 200, headers of strings, and the body; nothing else.
enum ResponseRecordScan {
    /// `{"url":…,"status":200,"headers":{…},"body":"` with url, status and
    /// headers in any order and the body last; where the body's text starts.
    static func bodyStart(_ scanner: inout JSONScanner) -> Int? {
        var sawURL = false, sawStatus = false
        guard scanner.consume(0x7B) else { return nil }
        while true {
            guard let key = scanner.string(), scanner.consume(0x3A) else { return nil }
            if scanner.span(key, is: "body") { break }
            guard member(key, &scanner, sawURL: &sawURL, sawStatus: &sawStatus), scanner.consume(0x2C) else { return nil }
        }
        scanner.skipWhitespace()
        guard sawURL, sawStatus, scanner.peek() == 0x22 else { return nil }
        return scanner.index + 1
    }

    /// The whole record, keys in any order; the body's span (the cursor is
    /// then past the record).
    static func record(_ scanner: inout JSONScanner) -> JSONSpan? {
        var sawURL = false, sawStatus = false, body: JSONSpan?
        guard scanner.consume(0x7B), !scanner.consume(0x7D) else { return nil }
        repeat {
            guard let key = scanner.string(), scanner.consume(0x3A) else { return nil }
            if scanner.span(key, is: "body") {
                guard body == nil, let span = scanner.string() else { return nil }
                body = span
            } else {
                guard member(key, &scanner, sawURL: &sawURL, sawStatus: &sawStatus) else { return nil }
            }
        } while scanner.consume(0x2C)
        guard scanner.consume(0x7D), sawURL, sawStatus else { return nil }
        return body
    }

    /// One of url, status (200; a later one wins, so every one must be 200),
    /// headers. `body_base64`, `error`, `items`, anything else: not taken.
    private static func member(_ key: JSONSpan, _ scanner: inout JSONScanner, sawURL: inout Bool, sawStatus: inout Bool) -> Bool {
        if scanner.span(key, is: "url") {
            sawURL = scanner.string() != nil
            return sawURL
        }
        if scanner.span(key, is: "status") {
            guard let span = scanner.number(), scanner.integer(span) == FeedItemsMapper.acceptedStatus else { return false }
            sawStatus = true
            return true
        }
        return scanner.span(key, is: "headers") && headers(&scanner)
    }

    private static func headers(_ scanner: inout JSONScanner) -> Bool {
        guard scanner.consume(0x7B) else { return false }
        if scanner.consume(0x7D) { return true }
        repeat {
            guard scanner.string() != nil, scanner.consume(0x3A), scanner.string() != nil else { return false }
        } while scanner.consume(0x2C)
        return scanner.consume(0x7D)
    }
}
