import FeedCore

/// `feed-cache load --format jsonl|tsv` read where the cached document
/// stands (a mapped cache file), an item at a time, over the readers `load`'s
/// other formats use (`CachedFeedItems`): jsonl copies each item `save`
/// stored as it stands (`forEachStored`), writing any other the reference
/// way; tsv writes each item's fields from its texts (`forEachTexts`).
/// Memory stays one chunk of output and one item. Held to the reference
/// (`OutputFormat.feedLines` of `CachedBytes.feedItems`) by a differential
/// test and the `cached-lines` fuzz target.
enum CachedFeedLines {
    /// Writes every item, one a line in `format`, through `write` in chunks:
    /// `.declined`, having written nothing, if the document is not one the
    /// readers take (the caller then reads it the reference way);
    /// `.passesDisagree` if the second pass did not find what the first
    /// checked (the caller fails with `CachedPasses.disagreement`).
    static func write<E: Error>(_ document: UnsafeRawBufferPointer, as format: OutputFormat,
                                       _ write: (UnsafeRawBufferPointer) throws(E) -> Void) throws(E) -> CachedReading {
        // For jsonl the first pass notes the items `save` stored, so that the
        // second only copies them.
        guard let items = CachedFeedItems(document, notingStoredItems: format == .jsonl) else { return .declined }
        var chunk: [UInt8] = []
        chunk.reserveCapacity(chunkSize + 4096)
        func flush(atLeast size: Int) throws(E) {
            guard chunk.count >= size, !chunk.isEmpty else { return }
            let failure = chunk.withUnsafeBytes { (bytes) -> E? in
                do throws(E) { try write(bytes) } catch { return error }
                return nil
            }
            if let failure { throw failure }
            chunk.removeAll(keepingCapacity: true)
        }
        let complete: Bool
        if format != .tsv {
            complete = try items.forEachStored { (item) throws(E) in
                switch item {
                case .stored(let stored):
                    chunk.append(contentsOf: stored.bytes)
                    chunk.append(0x0A)
                case .read(let value):
                    OutputFormat.appendJSONLine(value, to: &chunk)
                }
                try flush(atLeast: chunkSize)
            }
        } else {
            complete = try items.forEachTexts { (texts) throws(E) in
                texts.appendTabSeparatedLine(to: &chunk)
                try flush(atLeast: chunkSize)
            }
        }
        try flush(atLeast: 1)
        return complete ? .written : .passesDisagree
    }

    private static let chunkSize = 64 * 1024
}
