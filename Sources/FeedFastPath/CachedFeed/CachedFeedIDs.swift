import FeedCore

/// `feed-cache load --format ids` read where the cached document stands (a
/// mapped cache file): each item's id, item by item, with no tree of the
/// document. It takes only the shape `save` writes, an object whose one key
/// is `items`, every item an object with one unescaped `id` key whose value
/// is a string; anything else it declines, having written nothing, and the
/// caller reads the document the reference way (`CachedBytes.feedItems`),
/// whose answer or error is the one given. Two passes over the bytes: the
/// first checks all of them, the second writes; memory stays one buffer of
/// output, whatever the feed's length.
public enum CachedFeedIDs {
    /// Writes every id, one a line, through `write`, in pieces; false, having
    /// written nothing, if the document is not one it takes.
    public static func write<E: Error>(_ document: UnsafeRawBufferPointer,
                                       _ write: (UnsafeRawBufferPointer) throws(E) -> Void) throws(E) -> Bool {
        guard let start = document.baseAddress, walk(document, start, { _, _ in }) else { return false }
        var buffer: [UInt8] = []
        buffer.reserveCapacity(chunk + 256)
        var failure: E?
        _ = walk(document, start) { scanner, span in
            guard failure == nil else { return }
            append(span, scanner, to: &buffer)
            buffer.append(0x0A)
            if buffer.count >= chunk {
                failure = emit(buffer, write)
                buffer.removeAll(keepingCapacity: true)
            }
        }
        if let failure { throw failure }
        if !buffer.isEmpty, let failure = emit(buffer, write) { throw failure }
        return true
    }

    /// Writes `buffer` through `write`; what stopped it, or nil.
    private static func emit<E: Error>(_ buffer: [UInt8], _ write: (UnsafeRawBufferPointer) throws(E) -> Void) -> E? {
        buffer.withUnsafeBytes { bytes in
            do throws(E) { try write(bytes) } catch { return error }
            return nil
        }
    }

    private static let chunk = 1 << 16

    /// Calls `found` with each item's id span, in order; false at the first
    /// thing it does not take. Never writes to the bytes.
    private static func walk(_ document: UnsafeRawBufferPointer, _ start: UnsafeRawPointer,
                             _ found: (JSONScanner, JSONSpan) -> Void) -> Bool {
        let base = UnsafeMutablePointer(mutating: start.assumingMemoryBound(to: UInt8.self))
        var scanner = JSONScanner(base, from: 0, to: document.count)
        guard scanner.consume(0x7B), let key = scanner.string(), !key.escaped, scanner.span(key, is: "items"),
              scanner.consume(0x3A), scanner.consume(0x5B) else { return false }
        if !scanner.consume(0x5D) {
            repeat {
                guard let id = itemID(&scanner) else { return false }
                found(scanner, id)
            } while scanner.consume(0x2C)
            guard scanner.consume(0x5D) else { return false }
        }
        guard scanner.consume(0x7D) else { return false }
        scanner.skipWhitespace()
        return scanner.atEnd
    }

    /// One item, checked whole; its id's span.
    private static func itemID(_ scanner: inout JSONScanner) -> JSONSpan? {
        guard scanner.consume(0x7B), !scanner.consume(0x7D) else { return nil }
        var id: JSONSpan?
        repeat {
            guard let key = scanner.string(), !key.escaped, scanner.consume(0x3A) else { return nil }
            if scanner.span(key, is: "id") {
                guard id == nil, let value = scanner.string() else { return nil }
                id = value
            } else {
                guard scanner.skipValue(depth: 2) else { return nil }
            }
        } while scanner.consume(0x2C)
        guard scanner.consume(0x7D) else { return nil }
        return id
    }

    /// A string's value, its escapes decoded, copied out (the bytes are not ours to change).
    private static func append(_ span: JSONSpan, _ scanner: JSONScanner, to out: inout [UInt8]) {
        let text = UnsafeBufferPointer(start: scanner.base + span.start, count: span.count)
        guard span.escaped else { return out.append(contentsOf: text) }
        var copy = Array(text)
        let end = copy.withUnsafeMutableBufferPointer { buffer in
            JSONScanner(buffer).unescapeInPlace(JSONSpan(start: 0, end: buffer.count, escaped: true))
        }
        out.append(contentsOf: copy[..<end])
    }
}
