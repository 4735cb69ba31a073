#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// feed-map's fast path: maps a response record where it stands in the input,
/// without building a JSON tree, straight to the compact feed document. It
/// only ever takes the happy path: on anything unusual it hands back to
/// `FeedItemsMapper` (the reference), so both give the same document and the
/// same errors.
///
/// Two ways in, tried in order:
/// 1. The body read as it stands, escaped, in the record (`EscapedJSONScanner`):
///    nothing is decoded or changed; if it declines, nothing was changed.
/// 2. The body decoded over itself, then read as plain JSON (`JSONScanner`).
public enum FastFeedItemsMapper {
    public enum Outcome {
        /// The document was written; the record ended at `next`.
        case mapped(next: Int)
        /// The record is well formed and its body now stands decoded, in place,
        /// at `body`: map it with `FeedItemsMapper` for the exact result or error.
        case mapBody(url: String, status: Int, body: Range<Int>, next: Int)
        /// Not taken: nothing was changed; read the record at the offset with `JSONReader`.
        case notTaken
        /// Not taken after the body was decoded in place: `record` holds the
        /// same record rebuilt (the body encoded again) followed by the rest of
        /// the input. Read it with `JSONReader`; where that stops at `k`, the
        /// original input goes on at `resume + (k - rebuiltPrefix)`.
        case rebuilt(record: [UInt8], rebuiltPrefix: Int, resume: Int)
        /// The body string is not valid JSON text; nothing after it can be trusted.
        case malformed(JSONSyntaxError)
    }

    /// Tries the record at `offset`. `write` receives the document's bytes in
    /// order, only once the whole payload is known to be valid. `arena` lends
    /// the output buffer (keep one for a whole stream); with `releasesInput`,
    /// input pages read past are given back to the kernel as the scan goes
    /// (only for input mapped from a file, which they are read again from).
    public static func map(_ buffer: UnsafeMutableBufferPointer<UInt8>, at offset: Int, schema: FeedSchema,
                           arena: FeedOutputArena = FeedOutputArena(), releasesInput: Bool = false,
                           write: (UnsafeRawBufferPointer) -> Void) -> Outcome {
        if let next = mapUndecoded(buffer, at: offset, schema: schema, arena: arena, releasesInput: releasesInput, write: write) {
            return .mapped(next: next)
        }
        return mapDecoded(buffer, at: offset, schema: schema, arena: arena, write: write)
    }

    /// The first way only (the body read escaped, where it stands); nil if it
    /// declines, and then nothing was written or changed.
    public static func mapUndecoded(_ buffer: UnsafeMutableBufferPointer<UInt8>, at offset: Int, schema: FeedSchema,
                                    arena: FeedOutputArena = FeedOutputArena(), releasesInput: Bool = false,
                                    write: (UnsafeRawBufferPointer) -> Void) -> Int? {
        var scanner = JSONScanner(buffer, from: offset)
        guard scanRecordHead(&scanner) else { return nil }
        let bodyStart = scanner.index + 1 // past the body's opening quote
        // Where the body ends is not known yet: the output buffer is sized to
        // the rest of the input, up to a limit (a longer body declines here).
        let window = bodyStart..<min(buffer.count, bodyStart + undecodedLimit)
        guard let mapped = FeedPayloadMapper.map(EscapedJSONScanner.self, base: scanner.base, window,
                                                 schema: schema, arena: arena, releasesInput: releasesInput) else {
            return nil
        }
        scanner.index = mapped.end
        guard scanner.consume(0x7D) else { return nil }
        mapped.write(write)
        return scanner.index
    }

    /// The longest body the first way takes.
    static let undecodedLimit = 1 << 30

    /// `{"url":…,"status":200,"headers":{…},"body":` with url, status and
    /// headers in any order, then the body last; stops at the body's quote.
    private static func scanRecordHead(_ scanner: inout JSONScanner) -> Bool {
        var sawURL = false, sawStatus = false
        guard scanner.consume(0x7B) else { return false }
        while true {
            guard let key = scanner.string(), scanner.consume(0x3A) else { return false }
            if scanner.span(key, is: "body") { break }
            if scanner.span(key, is: "url") {
                guard scanner.string() != nil else { return false }
                sawURL = true
            } else if scanner.span(key, is: "status") {
                // Another status (a later one wins) is the reference path's to judge.
                guard let span = scanner.number(), scanner.integer(span) == FeedItemsMapper.acceptedStatus else { return false }
                sawStatus = true
            } else if scanner.span(key, is: "headers") {
                guard scanHeaders(&scanner) else { return false }
            } else {
                return false
            }
            guard scanner.consume(0x2C) else { return false }
        }
        scanner.skipWhitespace()
        return sawURL && sawStatus && scanner.peek() == 0x22
    }

    /// The second way: the body decoded in place, then scanned as plain JSON.
    private static func mapDecoded(_ buffer: UnsafeMutableBufferPointer<UInt8>, at offset: Int, schema: FeedSchema,
                                   arena: FeedOutputArena, write: (UnsafeRawBufferPointer) -> Void) -> Outcome {
        var scanner = JSONScanner(buffer, from: offset)
        let record: RecordSpans
        switch scanRecord(&scanner) {
        case .fast(let spans): record = spans
        case .notTaken: return .notTaken
        case .malformed(let error): return .malformed(error)
        case .bodyDecodedThenNotTaken(let quote, let decoded, let after):
            // Rebuild the record as it was (its body encoded again) for the reference path.
            var bytes = Array(buffer[offset..<quote])
            bytes.reserveCapacity(bytes.count + decoded.count + 16 + (buffer.count - after))
            JSONWriter.appendString(utf8: UnsafeBufferPointer(rebasing: buffer[decoded]), to: &bytes)
            let prefix = bytes.count
            bytes.append(contentsOf: buffer[after...])
            return .rebuilt(record: bytes, rebuiltPrefix: prefix, resume: after)
        }
        let next = scanner.index
        let body = record.body
        // The URL names the record in an error: its value, escapes decoded.
        var decodedURL: [UInt8] = []
        scanner.decode(record.url, into: &decodedURL)
        let url = String(decoding: decodedURL, as: UTF8.self)
        guard record.status == FeedItemsMapper.acceptedStatus,
              let mapped = FeedPayloadMapper.map(JSONScanner.self, base: scanner.base, body, schema: schema, arena: arena,
                                                 releasesInput: false) else {
            // Never release pages here: the decoded body lives in them.
            return .mapBody(url: url, status: record.status, body: body, next: next)
        }
        mapped.write(write)
        return .mapped(next: next)
    }

    private struct RecordSpans {
        var url: JSONSpan
        var status: Int
        /// The body, decoded in place.
        var body: Range<Int>
    }

    private enum RecordScan {
        case fast(RecordSpans)
        case notTaken
        case bodyDecodedThenNotTaken(quote: Int, decoded: Range<Int>, after: Int)
        case malformed(JSONSyntaxError)
    }

    /// `{"url":…,"status":…,"headers":{…},"body":"…"}` in any order, nothing
    /// else. The body is decoded over itself as it is met (one pass).
    private static func scanRecord(_ scanner: inout JSONScanner) -> RecordScan {
        var url: JSONSpan?, status: Int?, body: (quote: Int, decoded: Range<Int>, after: Int)?
        func notTaken() -> RecordScan {
            guard let body else { return .notTaken }
            return .bodyDecodedThenNotTaken(quote: body.quote, decoded: body.decoded, after: body.after)
        }
        guard scanner.consume(0x7B) else { return .notTaken }
        if !scanner.consume(0x7D) {
            repeat {
                guard let key = scanner.string(), scanner.consume(0x3A) else { return notTaken() }
                if scanner.span(key, is: "url") {
                    guard let span = scanner.string() else { return notTaken() }
                    url = span
                } else if scanner.span(key, is: "status") {
                    guard let span = scanner.number(), let value = scanner.integer(span), (100...999).contains(value) else { return notTaken() }
                    status = value
                } else if scanner.span(key, is: "body") {
                    guard body == nil else { return notTaken() }
                    scanner.skipWhitespace()
                    guard scanner.peek() == 0x22 else { return notTaken() }
                    switch scanner.decodeStringInPlace() {
                    case .success(let decoded): body = (decoded.quote, decoded.decoded, scanner.index)
                    case .failure(let error): return .malformed(error)
                    }
                } else if scanner.span(key, is: "headers") {
                    guard scanHeaders(&scanner) else { return notTaken() }
                } else {
                    return notTaken() // body_base64, error, items, anything else: the reference path
                }
            } while scanner.consume(0x2C)
            guard scanner.consume(0x7D) else { return notTaken() }
        }
        // Like JSONReader, the next value may follow at once or after white space.
        guard let url, let status, let body else { return notTaken() }
        return .fast(RecordSpans(url: url, status: status, body: body.decoded))
    }

    private static func scanHeaders(_ scanner: inout JSONScanner) -> Bool {
        guard scanner.consume(0x7B) else { return false }
        if scanner.consume(0x7D) { return true }
        repeat {
            guard scanner.string() != nil, scanner.consume(0x3A), scanner.string() != nil else { return false }
        } while scanner.consume(0x2C)
        return scanner.consume(0x7D)
    }
}
