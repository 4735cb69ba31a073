import FeedCore

/// The `url` of every item of a document `FastFeedSave` wrote, read back
/// from it: asked for only when the cache holds image files to keep or drop.
/// A reader of `JSONCursor` over the stored document's envelope
/// (`StoredEnvelope`). Held by `FastFeedSaveDifferentialTests` and the
/// `feed-save` fuzz target.
enum SavedImageURLs {
    private static let urlKey = Array(FeedItemField.url.name.utf8)

    static func read(_ document: CachedBytes) -> Set<String> {
        document.withUnsafeBytes { bytes in
            guard let start = bytes.baseAddress else { return [] }
            // Read only: the scanner's pointer is mutable, but nothing here writes.
            let base = UnsafeMutablePointer(mutating: start.assumingMemoryBound(to: UInt8.self))
            var cursor = StoredEnvelope.cursor(base, count: bytes.count)
            var urls = Set<String>()
            var scratch: [UInt8] = []
            _ = urlKey.withUnsafeBufferPointer { urlKey in
                StoredEnvelope.eachItem(&cursor) { cursor in
                    cursor.object(.pass) { cursor, key in
                        guard cursor.key(key, is: urlKey), cursor.next() == JSONScanner.stringOpener else { return cursor.skipValue() }
                        guard let value = cursor.scanner.string() else { return false }
                        cursor.scanner.decode(value, into: &scratch)
                        urls.insert(String(decoding: scratch, as: UTF8.self))
                        return true
                    }
                }
            }
            return urls
        }
    }
}
