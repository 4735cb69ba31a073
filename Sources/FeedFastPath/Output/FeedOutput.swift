import FeedCore
import FeedPlatform

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

    @inline(__always) mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let start = bytes.baseAddress else { return }
        append(start, bytes.count)
    }

    /// Whether `length` more bytes fit; then the unchecked appends may write them.
    @inline(__always) func hasRoom(_ length: Int) -> Bool { length <= capacity - count }

    @inline(__always) mutating func appendUnchecked(_ short: ShortBytes) {
        short.store(to: UnsafeMutableRawPointer(base + count))
        count += short.count
    }

    @inline(__always) mutating func appendUnchecked(_ byte: UInt8) {
        base[count] = byte
        count += 1
    }

    @inline(__always) mutating func appendUnchecked(_ bytes: UnsafePointer<UInt8>, _ length: Int) {
        memcpy(base + count, bytes, length)
        count += length
    }

    @inline(__always) mutating func appendUnchecked(_ bytes: UnsafeMutablePointer<UInt8>, _ length: Int) {
        appendUnchecked(UnsafePointer(bytes), length)
    }

    /// Short bytes with one store of 16 where there is room for 16, else copied.
    @inline(__always) mutating func append(_ short: ShortBytes) {
        guard capacity - count >= ShortBytes.capacity else { return appendSlowly(short) }
        short.store(to: UnsafeMutableRawPointer(base + count))
        count += short.count
    }

    private mutating func appendSlowly(_ short: ShortBytes) {
        withUnsafeTemporaryAllocation(byteCount: ShortBytes.capacity, alignment: 8) { buffer in
            guard let start = buffer.baseAddress else { return }
            short.store(to: start)
            append(UnsafePointer(start.assumingMemoryBound(to: UInt8.self)), short.count)
        }
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
}
