import FeedCore
import FeedPlatform

/// The document `FastFeedSave` writes: one mapping, as large as the input
/// (items are copied as they are, so the document is never larger), handed
/// over whole to the bytes the cache stores (no copy). It first holds the
/// copy of the input that the scan reads (`SavedInputCopy`), and the
/// document is written over it, behind the scan: an item the scan kept is
/// already where it belongs while nothing before it was dropped, and is
/// moved back over the gap otherwise. So the document is made only of bytes
/// the scan checked, never of the input's.
struct SavedDocumentOutput: ~Copyable {
    let base: UnsafeMutablePointer<UInt8>
    private let length: Int
    private(set) var count = 0
    private var items = 0

    init?(capacity: Int) {
        // Huge pages only for a large document: a small one would pay for
        // clearing 2 MiB at its first byte.
        let hugePage = 2 << 20, huge = capacity >= hugePage
        let unit = huge ? hugePage : MemoryMapping.pageSize
        length = MemoryMapping.roundedUp(capacity, toMultipleOf: unit)
        guard let mapping = try? MemoryMapping.anonymous(length: length, hugePages: huge) else { return nil }
        base = mapping.assumingMemoryBound(to: UInt8.self)
    }

    deinit {
        MemoryMapping.unmap(base, length: length)
    }

    /// The document so far: what is in it will not change.
    var written: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: base, count: count) }

    /// After the first document's start was scanned.
    mutating func open() { append(#"{"items":["#) }

    /// After the last document was scanned.
    mutating func close() { append("]}\n") }

    /// The item scanned at `start` (of the copy), after a comma if it is not
    /// the first.
    mutating func appendItem(at start: Int, count bytes: Int) {
        if items > 0 {
            if base[count] != 0x2C { base[count] = 0x2C }
            count += 1
        }
        if start != count { memmove(base + count, base + start, bytes) }
        count += bytes
        items += 1
    }

    private mutating func append(_ text: StaticString) {
        if memcmp(base + count, text.utf8Start, text.utf8CodeUnitCount) != 0 {
            (base + count).update(from: text.utf8Start, count: text.utf8CodeUnitCount)
        }
        count += text.utf8CodeUnitCount
    }

    /// The document, owning the mapping from now on; its image URLs read
    /// back from it only when the store asks.
    consuming func finished() -> CheckedFeed {
        let mapping = base, length = self.length, count = self.count
        discard self
        let document = CachedBytes(region: UnsafeRawBufferPointer(start: mapping, count: count)) {
            MemoryMapping.unmap(mapping, length: length)
        }
        return CheckedFeed(document: document) { SavedImageURLs.read(document) }
    }
}
