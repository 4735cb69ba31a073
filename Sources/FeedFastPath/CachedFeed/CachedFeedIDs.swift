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
///
/// A reader of `JSONCursor` (escaped keys and a repeated `id` declined). If
/// the second pass does not find what the first checked, `.passesDisagree`.
/// Held by `CachedFeedIDsDifferentialTests`, `ReaderEdgesDifferentialTests`,
/// `CachedPassesDisagreementTests` and the `cached-ids` fuzz target
/// (docs/layout.md, "The readers").
enum CachedFeedIDs {
    /// Writes every id, one a line, through `write`, in pieces: `.declined`,
    /// having written nothing, if the document is not one it takes.
    static func write<E: Error>(_ document: UnsafeRawBufferPointer,
                                       _ write: (UnsafeRawBufferPointer) throws(E) -> Void) throws(E) -> CachedReading {
        guard let start = document.baseAddress else { return .declined }
        let base = UnsafeMutablePointer(mutating: start.assumingMemoryBound(to: UInt8.self))
        guard let offsets = CachedIDsCheck.run(base, count: document.count) else { return .declined }
        var lines = IDLines()
        if let offsets {
            for offset in offsets {
                var scanner = JSONScanner(base, from: offset - 1, to: document.count) // the id's opening quote
                guard let span = scanner.string() else { return .passesDisagree }
                lines.append(span, scanner)
                if lines.isFull, let failure = emit(lines.take(), write) { throw failure }
            }
        } else {
            var failure: E?
            let walked = walk(base, count: document.count) { scanner, span in
                guard failure == nil else { return }
                lines.append(span, scanner)
                if lines.isFull { failure = emit(lines.take(), write) }
            }
            if let failure { throw failure }
            guard walked else { return .passesDisagree }
        }
        if !lines.isEmpty, let failure = emit(lines.take(), write) { throw failure }
        return .written
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
    private static func walk(_ base: UnsafeMutablePointer<UInt8>, count: Int, _ found: (JSONScanner, JSONSpan) -> Void) -> Bool {
        var cursor = StoredEnvelope.cursor(base, count: count)
        return StoredEnvelope.eachItem(&cursor) { cursor in
            guard let id = itemID(&cursor) else { return false }
            found(cursor.scanner, id)
            return true
        }
    }

    /// One item, checked whole; its id's span. Keys unescaped; `id` once.
    static func itemID(_ cursor: inout StoredEnvelope.Cursor) -> JSONSpan? {
        var id: JSONSpan?
        var seen = SeenKeys(.decline)
        let read = cursor.object(.decline) { cursor, key in
            guard cursor.key(key, is: "id") else { return cursor.skipValue() }
            guard seen.admit(0), let value = cursor.scanner.string() else { return false }
            id = value
            return true
        }
        return read ? id : nil
    }
}
