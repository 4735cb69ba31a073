import FeedCore
import FeedPlatform

/// The document `FastFeedSave` writes: one mapping, as large as the input
/// (items are copied as they are, so the document is never larger), touched
/// only as far as it is written, handed over whole to the bytes the cache
/// stores (no copy). Over a mapped input it is first the input itself: while
/// each piece it is given is the input's next bytes (one compact document,
/// nothing dropped), it copies nothing; at the first that is not, it copies
/// the input's bytes so far and goes on copying. Its end, `]}` and a line
/// break, is written into the input's private copy of the page if the input
/// goes on with something else (the validators, say).
struct SavedDocumentOutput: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>?
    private let length: Int
    private(set) var count = 0
    private var items = 0
    /// The input, while the document is its first `count` bytes.
    private var mirror: UnsafeMutableBufferPointer<UInt8>?

    /// `mirroring`: a mapped input that outlives the document, private and
    /// writable.
    init?(capacity: Int, mirroring input: UnsafeMutableBufferPointer<UInt8>?) {
        // Huge pages only for a large document: a small one would pay for
        // clearing 2 MiB at its first byte.
        let hugePage = 2 << 20, huge = capacity >= hugePage
        let unit = huge ? hugePage : MemoryMapping.pageSize
        length = MemoryMapping.roundedUp(capacity, toMultipleOf: unit)
        guard let mapping = try? MemoryMapping.anonymous(length: length, hugePages: huge) else { return nil }
        base = mapping.assumingMemoryBound(to: UInt8.self)
        mirror = input
    }

    deinit {
        if let base { MemoryMapping.unmap(base, length: length) }
    }

    /// Whether the document is still the input's own bytes (so none of the
    /// input may be given back yet).
    var isMirroring: Bool { mirror != nil }

    mutating func open() { append(#"{"items":["#) }

    mutating func close() {
        let end: StaticString = "]}\n"
        if let mirror, mirror.count - count >= end.utf8CodeUnitCount, let start = mirror.baseAddress {
            if memcmp(start + count, end.utf8Start, end.utf8CodeUnitCount) != 0 {
                (start + count).update(from: end.utf8Start, count: end.utf8CodeUnitCount)
            }
            count += end.utf8CodeUnitCount
            return
        }
        append(end)
    }

    /// One item's bytes, after a comma if it is not the first.
    mutating func appendItem(_ start: UnsafePointer<UInt8>, count bytes: Int) {
        let comma = items > 0 ? 1 : 0
        if let mirror, let input = mirror.baseAddress {
            if start == input + count + comma, comma == 0 || input[count] == 0x2C {
                count += comma + bytes
                items += 1
                return
            }
            diverge()
        }
        guard let base else { return }
        if comma > 0 { base[count] = 0x2C; count += 1 }
        (base + count).update(from: start, count: bytes)
        count += bytes
        items += 1
    }

    private mutating func append(_ text: StaticString) {
        if let mirror, let input = mirror.baseAddress {
            if mirror.count - count >= text.utf8CodeUnitCount, memcmp(input + count, text.utf8Start, text.utf8CodeUnitCount) == 0 {
                count += text.utf8CodeUnitCount
                return
            }
            diverge()
        }
        guard let base else { return }
        (base + count).update(from: text.utf8Start, count: text.utf8CodeUnitCount)
        count += text.utf8CodeUnitCount
    }

    /// From now on the document is copied: the input's bytes so far first,
    /// a step at a time, each step's pages of the input given back once
    /// copied, so that the two are not both held.
    private mutating func diverge() {
        if let input = mirror?.baseAddress, let base {
            var release = InputRelease(base: input, from: 0, enabled: true)
            var copied = 0
            while copied < count {
                let step = min(Self.copyStep, count - copied)
                (base + copied).update(from: input + copied, count: step)
                copied += step
                release.advance(to: copied)
            }
        }
        mirror = nil
    }

    private static let copyStep = 4 << 20

    /// The document, owning the mapping from now on (or lent the input's
    /// bytes, the mapping given back at once); its image URLs read back
    /// from it only when the store asks.
    consuming func finished() -> CheckedFeed {
        let mapping = base, length = self.length, count = self.count, mirror = self.mirror
        discard self
        let document: CachedBytes
        if let input = mirror?.baseAddress {
            if let mapping { MemoryMapping.unmap(mapping, length: length) }
            document = CachedBytes(region: UnsafeRawBufferPointer(start: input, count: count)) {}
        } else {
            document = CachedBytes(region: UnsafeRawBufferPointer(start: mapping, count: count)) {
                if let mapping { MemoryMapping.unmap(mapping, length: length) }
            }
        }
        return CheckedFeed(document: document) { SavedImageURLs.read(document) }
    }
}
