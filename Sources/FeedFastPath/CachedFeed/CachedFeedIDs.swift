import FeedCore

/// `feed-cache load --format ids` read where the cached document stands (a
/// mapped cache file): each item's id, item by item, with no tree of the
/// document. It takes only the shape `save` writes, an object whose one key
/// is `items`, every item an object with one unescaped `id` key whose value
/// is a string; anything else it declines, having written nothing, and the
/// caller reads the document the reference way (`CachedBytes.feedItems`),
/// whose answer or error is the one given. A first pass checks every byte
/// and notes where each id starts (`CachedIDsCheck`, on two threads for a
/// large document); the second writes the ids from there.
/// Memory stays one buffer of output and the offsets, at most a tenth of
/// the document (beyond that, the second pass walks the document again).
public enum CachedFeedIDs {
    /// Writes every id, one a line, through `write`, in pieces; false, having
    /// written nothing, if the document is not one it takes.
    public static func write<E: Error>(_ document: UnsafeRawBufferPointer,
                                       _ write: (UnsafeRawBufferPointer) throws(E) -> Void) throws(E) -> Bool {
        guard let start = document.baseAddress else { return false }
        let base = UnsafeMutablePointer(mutating: start.assumingMemoryBound(to: UInt8.self))
        guard let offsets = CachedIDsCheck.run(base, count: document.count) else { return false }
        var lines = IDLines()
        if let offsets {
            var scanner = JSONScanner(base, from: 0, to: document.count)
            for offset in offsets {
                scanner.index = offset - 1 // the id's opening quote: checked in the first pass
                guard let span = scanner.string() else { return false }
                lines.append(span, scanner)
                if lines.isFull, let failure = emit(lines.take(), write) { throw failure }
            }
        } else {
            var failure: E?
            var stopped = false
            _ = walk(document, start) { scanner, span in
                guard !stopped else { return }
                lines.append(span, scanner)
                if lines.isFull, let stop = emit(lines.take(), write) {
                    failure = stop
                    stopped = true
                }
            }
            if let failure { throw failure }
        }
        if !lines.isEmpty, let failure = emit(lines.take(), write) { throw failure }
        return true
    }

    /// Writes `buffer` through `write`; what stopped it, or nil.
    private static func emit<E: Error>(_ buffer: [UInt8], _ write: (UnsafeRawBufferPointer) throws(E) -> Void) -> E? {
        buffer.withUnsafeBytes { bytes in
            do throws(E) { try write(bytes) } catch { return error }
            return nil
        }
    }

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
    static func itemID(_ scanner: inout JSONScanner) -> JSONSpan? {
        guard scanner.consume(0x7B), !scanner.consume(0x7D) else { return nil }
        var id: JSONSpan?
        repeat {
            guard let key = scanner.string(), !key.escaped, scanner.consume(0x3A) else { return nil }
            if scanner.span(key, is: "id") {
                guard id == nil, let value = scanner.string() else { return nil }
                id = value
            } else {
                guard scanner.skipValue(inside: 2) else { return nil }
            }
        } while scanner.consume(0x2C)
        guard scanner.consume(0x7D) else { return nil }
        return id
    }
}
