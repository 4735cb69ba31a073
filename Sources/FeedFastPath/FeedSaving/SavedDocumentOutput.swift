import FeedCore
import FeedPlatform

/// The document `FastFeedSave` writes: one mapping, as large as the input
/// (items are copied as they are, so the document is never larger), touched
/// only as far as it is written, handed over whole to the bytes the cache
/// stores (no copy).
struct SavedDocumentOutput: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>?
    private let length: Int
    private(set) var count = 0
    private var items = 0

    init?(capacity: Int) {
        // Huge pages only for a large document: a small one would pay for
        // clearing 2 MiB at its first byte.
        let hugePage = 2 << 20, huge = capacity >= hugePage
        let unit = huge ? hugePage : MemoryMapping.pageSize
        length = (capacity + unit - 1) / unit * unit
        guard let mapping = try? MemoryMapping.anonymous(length: length, hugePages: huge) else { return nil }
        base = mapping.assumingMemoryBound(to: UInt8.self)
    }

    deinit {
        if let base { MemoryMapping.unmap(base, length: length) }
    }

    mutating func open() { append(#"{"items":["#) }
    mutating func close() { append("]}\n") }

    /// One item's bytes, after a comma if it is not the first.
    mutating func appendItem(_ start: UnsafePointer<UInt8>, count bytes: Int) {
        guard let base else { return }
        if items > 0 { base[count] = 0x2C; count += 1 }
        (base + count).update(from: start, count: bytes)
        count += bytes
        items += 1
    }

    private mutating func append(_ text: StaticString) {
        guard let base else { return }
        (base + count).update(from: text.utf8Start, count: text.utf8CodeUnitCount)
        count += text.utf8CodeUnitCount
    }

    /// The document, owning the mapping from now on; its image URLs read
    /// back from it only when the store asks.
    consuming func finished() -> CheckedFeed {
        let mapping = base, length = self.length, count = self.count
        discard self
        let document = CachedBytes(region: UnsafeRawBufferPointer(start: mapping, count: count)) {
            if let mapping { MemoryMapping.unmap(mapping, length: length) }
        }
        return CheckedFeed(document: document) { SavedImageURLs.read(document) }
    }
}
