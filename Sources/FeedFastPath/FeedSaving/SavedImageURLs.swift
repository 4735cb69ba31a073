import FeedCore

/// The `url` of every item of a document `FastFeedSave` wrote, read back
/// from it: asked for only when the cache holds image files to keep or drop.
enum SavedImageURLs {
    private static let urlKey = Array(FeedItemField.url.name.utf8)

    static func read(_ document: CachedBytes) -> Set<String> {
        document.withUnsafeBytes { bytes in
            guard let start = bytes.baseAddress else { return [] }
            // Read only: the scanner's pointer is mutable, but nothing here writes.
            let base = UnsafeMutablePointer(mutating: start.assumingMemoryBound(to: UInt8.self))
            var scanner = JSONScanner(base, from: 0, to: bytes.count)
            var urls = Set<String>()
            var scratch: [UInt8] = []
            guard scanner.consume(0x7B), scanner.string() != nil, scanner.consume(0x3A), scanner.consume(0x5B),
                  !scanner.consume(0x5D) else { return urls }
            repeat {
                guard scanner.consume(0x7B) else { return urls }
                repeat {
                    guard let key = scanner.string(), scanner.consume(0x3A) else { return urls }
                    if urlKey.withUnsafeBufferPointer({ scanner.span(key, is: $0) }), let value = scanner.string() {
                        scanner.decode(value, into: &scratch)
                        urls.insert(String(decoding: scratch, as: UTF8.self))
                    } else if !scanner.skipValue(inside: 2) {
                        return urls
                    }
                } while scanner.consume(0x2C)
                guard scanner.consume(0x7D) else { return urls }
            } while scanner.consume(0x2C)
            return urls
        }
    }
}
