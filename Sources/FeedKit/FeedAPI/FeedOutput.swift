#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the fast path writes a feed document: a fixed part of a buffer,
/// every write bounds-checked. A write that does not fit is dropped and marks
/// the output overflowed, and the fast path then declines the record.
///
/// It should never fit badly: an item's output is never longer than the text
/// it is read from. Its keys are as short or shorter (`"url":` for
/// `"image":`), each string's value written by `JSONWriter` is no longer than
/// the string was in the input (an escape never grows: `\"` stays two bytes,
/// `\u0001` six, `\u00e9` becomes two), and in a record's body every quote of
/// the input takes two bytes. So the document's first part fits in the bytes
/// of the payload it was read from, and the second part (from the split on)
/// in the rest.
struct FeedOutput {
    let base: UnsafeMutablePointer<UInt8>
    let capacity: Int
    private(set) var count = 0
    private(set) var overflowed = false

    init(base: UnsafeMutablePointer<UInt8>, capacity: Int) {
        self.base = base
        self.capacity = capacity
    }

    var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: base, count: count) }

    mutating func removeAll() { count = 0 }

    @inline(__always) mutating func append(_ bytes: UnsafePointer<UInt8>, _ length: Int) {
        guard length <= capacity - count else { overflowed = true; return }
        memcpy(base + count, bytes, length)
        count += length
    }

    @inline(__always) mutating func append(_ bytes: UnsafeMutablePointer<UInt8>, _ length: Int) {
        append(UnsafePointer(bytes), length)
    }

    @inline(__always) mutating func append(_ literal: StaticString) {
        append(literal.utf8Start, literal.utf8CodeUnitCount)
    }

    @inline(__always) mutating func append(_ byte: UInt8) {
        guard count < capacity else { overflowed = true; return }
        base[count] = byte
        count += 1
    }

    mutating func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { buffer in
            guard let start = buffer.baseAddress else { return }
            append(start, buffer.count)
        }
    }

    /// A UUID just written at `start` (36 bytes of hex digits and dashes,
    /// already checked) in upper case: a letter has bit 0x40 set, a digit or
    /// dash has not, so clearing bit 0x20 of the letters alone is enough.
    /// Five overlapping 8-byte words (the change is idempotent).
    @inline(__always) mutating func uppercaseUUID(at start: Int) {
        guard count - start == 36 else { return }
        let raw = UnsafeMutableRawPointer(base + start)
        @inline(__always) func upper(_ offset: Int) {
            let word = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            raw.storeBytes(of: word & ~((word & 0x4040_4040_4040_4040) >> 1), toByteOffset: offset, as: UInt64.self)
        }
        upper(0); upper(8); upper(16); upper(24); upper(28)
    }
}

/// The output buffer feed-map's fast path writes documents into, kept for the
/// whole input: mapped anonymous memory (asked for in huge pages, so a large
/// document costs a few page faults, not thousands), touched only as far as
/// it is written.
public final class FeedOutputArena {
    private var mapping: UnsafeMutableRawPointer?
    private var size = 0

    public init() {}

    deinit {
        if let mapping { munmap(mapping, size) }
    }

    private static let hugePage = 2 << 20

    /// At least `capacity` bytes, the same buffer as last time if it is big
    /// enough; nil if the memory is not there (the caller then declines).
    func buffer(capacity: Int) -> UnsafeMutablePointer<UInt8>? {
        if let mapping, capacity <= size { return mapping.assumingMemoryBound(to: UInt8.self) }
        if let mapping { munmap(mapping, size) }
        mapping = nil
        let wanted = max(capacity, 1 << 16)
        let rounded = (wanted + FeedOutputArena.hugePage - 1) / FeedOutputArena.hugePage * FeedOutputArena.hugePage
        guard let fresh = mmap(nil, rounded, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0), fresh != MAP_FAILED else {
            return nil
        }
        #if os(Linux)
        if rounded >= FeedOutputArena.hugePage { _ = madvise(fresh, rounded, MADV_HUGEPAGE) }
        #endif
        mapping = fresh
        size = rounded
        return fresh.assumingMemoryBound(to: UInt8.self)
    }
}

/// Gives the input's pages back to the kernel once the scan is past them, so
/// a large input and its document are not both held at once. Only for input
/// mapped from a file and never written: a page given back is read again from
/// the file if it is touched again (by a slower path, say).
struct InputRelease {
    let base: UnsafeMutablePointer<UInt8>
    let enabled: Bool
    private var released: Int

    private static let step = 4 << 20
    private static let pageSize = max(Int(sysconf(Int32(_SC_PAGESIZE))), 4096)

    init(base: UnsafeMutablePointer<UInt8>, from start: Int, enabled: Bool) {
        self.base = base
        self.enabled = enabled
        released = start
    }

    /// Releases the whole pages between the last release and `position`
    /// (never the page that holds the start: it may hold bytes before it).
    @inline(__always) mutating func advance(to position: Int) {
        guard enabled, position - released >= InputRelease.step else { return }
        let page = InputRelease.pageSize
        let from = (Int(bitPattern: base + released) + page - 1) / page * page
        let to = Int(bitPattern: base + position) / page * page
        if to > from, let start = UnsafeMutableRawPointer(bitPattern: from) {
            _ = madvise(start, to - from, MADV_DONTNEED)
        }
        released = position
    }
}
