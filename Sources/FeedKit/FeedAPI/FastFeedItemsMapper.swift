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
        guard let record = scanRecord(&scanner), record.status == FeedItemsMapper.acceptedStatus else {
            return .notTaken
        }
        let next = scanner.index
        // The record's shape is right: check and decode its body over itself.
        let bodyEnd: Int
        switch scanner.decodeInPlace(record.body) {
        case .success(let end): bodyEnd = end
        case .failure(let error): return .malformed(error)
        }
        let body = record.body.start..<bodyEnd
        let url = String(decoding: UnsafeBufferPointer(rebasing: buffer[record.url.start..<record.url.end]), as: UTF8.self)
        guard !record.url.escaped else { return .mapBody(url: url, status: record.status, body: body, next: next) }

        var payload = JSONScanner(buffer, from: body.lowerBound, to: body.upperBound)
        var items = ItemTable()
        guard scanPayload(&payload, schema: schema, into: &items) else {
            return .mapBody(url: url, status: record.status, body: body, next: next)
        }
        items.write(from: payload, schema: schema, write)
        return .mapped(next: next)
    }

    private struct RecordSpans {
        var url: JSONSpan
        var status: Int
        var body: JSONSpan
    }

    /// `{"url":…,"status":…,"headers":{…},"body":"…"}` in any order, nothing else.
    private static func scanRecord(_ scanner: inout JSONScanner) -> RecordSpans? {
        guard scanner.consume(0x7B) else { return nil }
        var url: JSONSpan?, status: Int?, body: JSONSpan?
        if !scanner.consume(0x7D) {
            repeat {
                guard let key = scanner.string(), scanner.consume(0x3A) else { return nil }
                if scanner.span(key, is: "url") {
                    guard let span = scanner.string() else { return nil }
                    url = span
                } else if scanner.span(key, is: "status") {
                    guard let span = scanner.number(), let value = scanner.integer(span), (100...999).contains(value) else { return nil }
                    status = value
                } else if scanner.span(key, is: "body") {
                    guard let span = scanner.skipStringUnchecked() else { return nil }
                    body = span
                } else if scanner.span(key, is: "headers") {
                    guard scanHeaders(&scanner) else { return nil }
                } else {
                    return nil // body_base64, error, items, anything else: the reference path
                }
            } while scanner.consume(0x2C)
            guard scanner.consume(0x7D) else { return nil }
        }
        // Like JSONReader, the next value may follow at once or after white space.
        guard let url, let status, let body else { return nil }
        return RecordSpans(url: url, status: status, body: body)
    }

    private static func scanHeaders(_ scanner: inout JSONScanner) -> Bool {
        guard scanner.consume(0x7B) else { return false }
        if scanner.consume(0x7D) { return true }
        repeat {
            guard scanner.string() != nil, scanner.consume(0x3A), scanner.string() != nil else { return false }
        } while scanner.consume(0x2C)
        return scanner.consume(0x7D)
    }

    /// `{"items":[…]}` (other keys skipped), every item valid for `schema`.
    private static func scanPayload(_ scanner: inout JSONScanner, schema: FeedSchema, into items: inout ItemTable) -> Bool {
        guard scanner.consume(0x7B) else { return false }
        var sawItems = false
        if !scanner.consume(0x7D) {
            repeat {
                guard let key = scanner.string(), scanner.consume(0x3A) else { return false }
                if scanner.span(key, is: "items") {
                    items.removeAll()
                    guard scanItems(&scanner, schema: schema, into: &items) else { return false }
                    sawItems = true
                } else {
                    guard !key.escaped, scanner.skipValue(depth: 1) else { return false }
                }
            } while scanner.consume(0x2C)
            guard scanner.consume(0x7D) else { return false }
        }
        scanner.skipWhitespace()
        return sawItems && scanner.atEnd
    }

    private static func scanItems(_ scanner: inout JSONScanner, schema: FeedSchema, into items: inout ItemTable) -> Bool {
        guard scanner.consume(0x5B) else { return false }
        if scanner.consume(0x5D) { return true }
        var scratch: [UInt8] = []
        repeat {
            guard scanner.consume(0x7B) else { return false }
            var item = ItemTable.Row()
            if !scanner.consume(0x7D) {
                repeat {
                    guard let key = scanner.string(), !key.escaped, scanner.consume(0x3A) else { return false }
                    switch schema {
                    case .images:
                        if scanner.span(key, is: "id") {
                            guard let span = scanner.string() else { return false }
                            item.id = span
                        } else if scanner.span(key, is: "description") {
                            guard optionalString(&scanner, into: &item.first) else { return false }
                        } else if scanner.span(key, is: "location") {
                            guard optionalString(&scanner, into: &item.second) else { return false }
                        } else if scanner.span(key, is: "image") {
                            guard let span = scanner.string() else { return false }
                            item.url = span
                        } else {
                            guard scanner.skipValue(depth: 3) else { return false }
                        }
                    case .spots:
                        if scanner.span(key, is: "id") {
                            guard let span = scanner.string() else { return false }
                            item.id = span
                        } else if scanner.span(key, is: "author") {
                            guard let span = scanner.string() else { return false }
                            item.second = span
                        } else if scanner.span(key, is: "description") {
                            guard optionalString(&scanner, into: &item.first) else { return false }
                        } else if scanner.span(key, is: "likes") {
                            guard let span = scanner.number(), scanner.integer(span) != nil else { return false }
                            item.likes = span
                        } else if scanner.span(key, is: "image") {
                            guard let span = scanner.string() else { return false }
                            item.url = span
                        } else {
                            guard scanner.skipValue(depth: 3) else { return false }
                        }
                    }
                } while scanner.consume(0x2C)
                guard scanner.consume(0x7D) else { return false }
            }
            guard let id = item.id, let url = item.url else { return false }
            if schema == .spots, item.second == nil || item.likes == nil { return false }
            guard check(id, scanner, &scratch, Identifiers.isUUID), check(url, scanner, &scratch, Identifiers.isAbsoluteURL) else {
                return false
            }
            items.append(item)
        } while scanner.consume(0x2C)
        return scanner.consume(0x5D)
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
                if id.escaped { FastFeedItemsMapper.decode(id, scanner, into: &scratch) } else {
                    scratch.removeAll(keepingCapacity: true)
                    scratch.append(contentsOf: UnsafeBufferPointer(start: scanner.base + id.start, count: id.count))
                }
                for byte in scratch { out.append(byte >= 0x61 && byte <= 0x66 ? byte - 32 : byte) }
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
