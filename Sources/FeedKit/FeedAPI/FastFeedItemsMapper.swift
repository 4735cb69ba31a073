#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch

/// feed-map's fast path: maps a response record in place, without building a
/// JSON tree, straight to the compact feed document. It only ever takes the
/// happy path: on anything unusual it hands back to `FeedItemsMapper` (the
/// reference), so both give the same document and the same errors.
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

    /// Output is written in pieces of about this size.
    static let chunkSize = 1 << 20

    /// Tries the record at `offset`. `write` receives the document's bytes in
    /// order, only once the whole payload is known to be valid.
    public static func map(_ buffer: UnsafeMutableBufferPointer<UInt8>, at offset: Int, schema: FeedSchema,
                           write: (UnsafeRawBufferPointer) -> Void) -> Outcome {
        guard buffer.count < Int(Int32.max) else { return .notTaken }
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
        var url = String(decoding: UnsafeBufferPointer(rebasing: buffer[record.url.start..<record.url.end]), as: UTF8.self)
        if record.url.escaped {
            var decoded: [UInt8] = []
            decode(record.url, scanner, into: &decoded)
            url = String(decoding: decoded, as: UTF8.self)
        }
        guard record.status == FeedItemsMapper.acceptedStatus else {
            return .mapBody(url: url, status: record.status, body: body, next: next)
        }
        var payload = JSONScanner(buffer, from: body.lowerBound, to: body.upperBound)
        var items = ItemTable()
        // A large payload is checked by two threads, one from each end of a
        // split near its middle; both only read.
        let split = findSplit(buffer, in: body)
        let tail = TailScan(buffer)
        let tailDone = DispatchGroup()
        if let split {
            DispatchQueue.global().async(group: tailDone) {
                var scanner = JSONScanner(tail.buffer, from: split, to: body.upperBound)
                tail.isValid = scanTail(&scanner, schema: schema, into: &tail.items)
            }
        }
        let scan = scanPayload(&payload, schema: schema, into: &items, split: split)
        tailDone.wait()
        switch scan {
        case .failed:
            return .mapBody(url: url, status: record.status, body: body, next: next)
        case .reachedSplit:
            guard tail.isValid else { return .mapBody(url: url, status: record.status, body: body, next: next) }
            items.append(contentsOf: tail.items)
        case .complete:
            break
        }
        items.write(from: payload, schema: schema, write)
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

    private enum PayloadScan { case complete, reachedSplit, failed }

    /// The second thread's share: it reads the buffer (nothing writes it
    /// meanwhile) and fills its own table; the first waits for it.
    private final class TailScan: @unchecked Sendable {
        let buffer: UnsafeMutableBufferPointer<UInt8>
        var items = ItemTable()
        var isValid = false

        init(_ buffer: UnsafeMutableBufferPointer<UInt8>) {
            self.buffer = buffer
        }
    }
    private enum ItemRun { case closed, reachedSplit, failed }

    /// `{"items":[…]}` (other keys skipped), every item valid for `schema`.
    /// With `split`, stops when the items array reaches it (a comma between
    /// two items), leaving the rest to `scanTail`.
    private static func scanPayload(_ scanner: inout JSONScanner, schema: FeedSchema, into items: inout ItemTable,
                                    split: Int? = nil) -> PayloadScan {
        guard scanner.consume(0x7B) else { return .failed }
        var sawItems = false
        if !scanner.consume(0x7D) {
            repeat {
                guard let key = scanner.string(), scanner.consume(0x3A) else { return .failed }
                if scanner.span(key, is: "items") {
                    items.removeAll()
                    guard scanner.consume(0x5B) else { return .failed }
                    if !scanner.consume(0x5D) {
                        switch scanItemRun(&scanner, schema: schema, into: &items, split: split) {
                        case .failed: return .failed
                        case .reachedSplit: return .reachedSplit
                        case .closed: break
                        }
                    }
                    sawItems = true
                } else {
                    guard !key.escaped, scanner.skipValue(depth: 1) else { return .failed }
                }
            } while scanner.consume(0x2C)
            guard scanner.consume(0x7D) else { return .failed }
        }
        scanner.skipWhitespace()
        return sawItems && scanner.atEnd ? .complete : .failed
    }

    /// From `split` (the comma before an item) to the end of the payload:
    /// the remaining items, the array's end, any other keys, the object's end.
    private static func scanTail(_ scanner: inout JSONScanner, schema: FeedSchema, into items: inout ItemTable) -> Bool {
        guard scanner.consume(0x2C), scanItemRun(&scanner, schema: schema, into: &items, split: nil) == .closed else { return false }
        while scanner.consume(0x2C) {
            // A second "items" would replace the first: too rare to split for.
            guard let key = scanner.string(), !key.escaped, !scanner.span(key, is: "items"),
                  scanner.consume(0x3A), scanner.skipValue(depth: 1) else { return false }
        }
        guard scanner.consume(0x7D) else { return false }
        scanner.skipWhitespace()
        return scanner.atEnd
    }

    /// Items separated by commas, then `]`; or up to `split`.
    private static func scanItemRun(_ scanner: inout JSONScanner, schema: FeedSchema, into items: inout ItemTable,
                                    split: Int?) -> ItemRun {
        var scratch: [UInt8] = []
        repeat {
            guard let item = scanItem(&scanner, schema: schema, scratch: &scratch) else { return .failed }
            items.append(item)
            if let split, scanner.index == split { return .reachedSplit }
        } while scanner.consume(0x2C)
        return scanner.consume(0x5D) ? .closed : .failed
    }

    /// One item object, checked (UUID id, absolute URL, the schema's required keys).
    private static func scanItem(_ scanner: inout JSONScanner, schema: FeedSchema, scratch: inout [UInt8]) -> ItemTable.Row? {
        guard scanner.consume(0x7B) else { return nil }
        var item = ItemTable.Row()
        if !scanner.consume(0x7D) {
            repeat {
                guard let key = scanner.string(), !key.escaped, scanner.consume(0x3A) else { return nil }
                switch schema {
                case .images:
                    if scanner.span(key, is: "id") {
                        guard let span = scanner.string() else { return nil }
                        item.id = span
                    } else if scanner.span(key, is: "description") {
                        guard optionalString(&scanner, into: &item.first) else { return nil }
                    } else if scanner.span(key, is: "location") {
                        guard optionalString(&scanner, into: &item.second) else { return nil }
                    } else if scanner.span(key, is: "image") {
                        guard let span = scanner.string() else { return nil }
                        item.url = span
                    } else {
                        guard scanner.skipValue(depth: 3) else { return nil }
                    }
                case .spots:
                    if scanner.span(key, is: "id") {
                        guard let span = scanner.string() else { return nil }
                        item.id = span
                    } else if scanner.span(key, is: "author") {
                        guard let span = scanner.string() else { return nil }
                        item.second = span
                    } else if scanner.span(key, is: "description") {
                        guard optionalString(&scanner, into: &item.first) else { return nil }
                    } else if scanner.span(key, is: "likes") {
                        guard let span = scanner.number(), scanner.integer(span) != nil else { return nil }
                        item.likes = span
                    } else if scanner.span(key, is: "image") {
                        guard let span = scanner.string() else { return nil }
                        item.url = span
                    } else {
                        guard scanner.skipValue(depth: 3) else { return nil }
                    }
                }
            } while scanner.consume(0x2C)
            guard scanner.consume(0x7D) else { return nil }
        }
        guard let id = item.id, let url = item.url else { return nil }
        if schema == .spots, item.second == nil || item.likes == nil { return nil }
        guard check(id, scanner, &scratch, Identifiers.isUUID), check(url, scanner, &scratch, Identifiers.isAbsoluteURL) else {
            return nil
        }
        return item
    }

    /// A comma between two items near the middle of the payload: `,{"`
    /// cannot occur inside a string (a quote there is always escaped), so it
    /// is a boundary between two objects in an array. Whether it is one
    /// between two items of the feed, `scanPayload` tells when it gets there.
    private static func findSplit(_ buffer: UnsafeMutableBufferPointer<UInt8>, in body: Range<Int>) -> Int? {
        guard let base = buffer.baseAddress, body.count >= 1 << 22 else { return nil }
        var position = body.lowerBound + body.count / 2
        let limit = body.upperBound - 3
        while position < limit {
            guard let found = memchr(base + position, 0x2C, limit - position) else { return nil }
            let comma = UnsafeMutableRawPointer(found).assumingMemoryBound(to: UInt8.self) - base
            if base[comma + 1] == 0x7B && base[comma + 2] == 0x22 { return comma }
            position = comma + 1
        }
        return nil
    }

    private static func optionalString(_ scanner: inout JSONScanner, into slot: inout JSONSpan?) -> Bool {
        scanner.skipWhitespace()
        if scanner.peek() == 0x6E { // n
            guard scanner.null() else { return false }
            slot = nil
            return true
        }
        guard let span = scanner.string() else { return false }
        slot = span
        return true
    }

    /// Runs `test` on a string's value (decoded first if it has escapes).
    private static func check(_ span: JSONSpan, _ scanner: JSONScanner, _ scratch: inout [UInt8],
                              _ test: (UnsafeBufferPointer<UInt8>) -> Bool) -> Bool {
        if !span.escaped {
            return test(UnsafeBufferPointer(start: scanner.base + span.start, count: span.count))
        }
        decode(span, scanner, into: &scratch)
        return scratch.withUnsafeBufferPointer(test)
    }

    /// A string's value, escapes decoded.
    static func decode(_ span: JSONSpan, _ scanner: JSONScanner, into out: inout [UInt8]) {
        out.removeAll(keepingCapacity: true)
        out.append(contentsOf: UnsafeBufferPointer(start: scanner.base + span.start, count: span.count))
        let end = out.withUnsafeMutableBufferPointer { copy in
            JSONScanner(copy).unescapeInPlace(JSONSpan(start: 0, end: copy.count, escaped: true))
        }
        out.removeSubrange(end...)
    }
}

/// The spans of every item, in a flat table of 32-bit offsets (the payload is
/// under 2 GiB), so 200,000 items cost a few megabytes.
struct ItemTable {
    struct Row {
        var id: JSONSpan?
        /// description
        var first: JSONSpan?
        /// location (images) or author (spots)
        var second: JSONSpan?
        var url: JSONSpan?
        var likes: JSONSpan?
    }

    private static let stride = 11
    private var cells: [Int32] = []

    var count: Int { cells.count / ItemTable.stride }

    mutating func removeAll() { cells.removeAll(keepingCapacity: true) }

    mutating func append(contentsOf other: ItemTable) { cells.append(contentsOf: other.cells) }

    mutating func append(_ row: Row) {
        func put(_ span: JSONSpan?) {
            cells.append(Int32(truncatingIfNeeded: span?.start ?? -1))
            cells.append(Int32(truncatingIfNeeded: span?.end ?? -1))
        }
        put(row.id); put(row.first); put(row.second); put(row.url); put(row.likes)
        var flags: Int32 = 0
        if row.id?.escaped == true { flags |= 1 }
        if row.first?.escaped == true { flags |= 2 }
        if row.second?.escaped == true { flags |= 4 }
        if row.url?.escaped == true { flags |= 8 }
        cells.append(flags)
    }

    private func span(_ row: Int, _ field: Int) -> JSONSpan? {
        let base = row * ItemTable.stride
        let start = Int(cells[base + field * 2])
        guard start >= 0 else { return nil }
        let flags = cells[base + 10]
        return JSONSpan(start: start, end: Int(cells[base + field * 2 + 1]), escaped: flags & (1 << field) != 0)
    }

    /// Writes `{"items":[…]}\n` exactly as `JSONWriter` writes the reference document.
    func write(from scanner: JSONScanner, schema: FeedSchema, _ write: (UnsafeRawBufferPointer) -> Void) {
        var out: [UInt8] = []
        out.reserveCapacity(FastFeedItemsMapper.chunkSize + 4096)
        var scratch: [UInt8] = []
        func flushIfFull() {
            guard out.count >= FastFeedItemsMapper.chunkSize else { return }
            out.withUnsafeBytes(write)
            out.removeAll(keepingCapacity: true)
        }
        func appendString(_ span: JSONSpan) {
            if !span.escaped {
                out.append(0x22)
                out.append(contentsOf: UnsafeBufferPointer(start: scanner.base + span.start, count: span.count))
                out.append(0x22)
            } else {
                FastFeedItemsMapper.decode(span, scanner, into: &scratch)
                scratch.withUnsafeBufferPointer { JSONWriter.appendString(utf8: $0, to: &out) }
            }
        }
        out.append(contentsOf: "{\"items\":[".utf8)
        for row in 0..<count {
            if row > 0 { out.append(0x2C) }
            out.append(contentsOf: "{\"id\":\"".utf8)
            if let id = span(row, 0) {
                let start = out.count
                if id.escaped {
                    FastFeedItemsMapper.decode(id, scanner, into: &scratch)
                    out.append(contentsOf: scratch)
                } else {
                    out.append(contentsOf: UnsafeBufferPointer(start: scanner.base + id.start, count: id.count))
                }
                out.withUnsafeMutableBufferPointer { bytes in
                    for index in start..<bytes.count where bytes[index] &- 0x61 < 6 { bytes[index] -= 0x20 } // a-f → A-F
                }
            }
            out.append(0x22)
            switch schema {
            case .images:
                if let description = span(row, 1) { out.append(contentsOf: ",\"description\":".utf8); appendString(description) }
                if let location = span(row, 2) { out.append(contentsOf: ",\"location\":".utf8); appendString(location) }
            case .spots:
                if let author = span(row, 2) { out.append(contentsOf: ",\"author\":".utf8); appendString(author) }
                if let description = span(row, 1) { out.append(contentsOf: ",\"description\":".utf8); appendString(description) }
                if let likes = span(row, 4), let value = scanner.integer(likes) {
                    out.append(contentsOf: ",\"likes\":".utf8)
                    out.append(contentsOf: String(value).utf8)
                }
            }
            if let url = span(row, 3) { out.append(contentsOf: ",\"url\":".utf8); appendString(url) }
            out.append(0x7D)
            flushIfFull()
        }
        out.append(contentsOf: "]}\n".utf8)
        out.withUnsafeBytes(write)
    }
}
