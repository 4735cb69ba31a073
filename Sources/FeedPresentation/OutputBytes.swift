import FeedCore

/// Bytes gathered for output, a chunk at a time: the text list's and the
/// page's writers append many short pieces an item (markup, a text, a
/// separator), and here each is one copy into memory it owns, with none of
/// an array's per-call checks. The reader takes them with `withBytes`, then
/// `removeAll` keeps the memory for the next chunk.
public final class OutputBytes {
    // Only this class touches them, never across an access: the runtime's
    // exclusivity checks, each a call, would cost more than the copies.
    @exclusivity(unchecked) private var base: UnsafeMutableRawPointer
    @exclusivity(unchecked) private var capacity: Int
    @exclusivity(unchecked) public private(set) var count = 0

    public init(capacity: Int = 64 * 1024) {
        self.capacity = max(capacity, 16)
        base = UnsafeMutableRawPointer.allocate(byteCount: self.capacity, alignment: 16)
    }

    deinit { base.deallocate() }

    @inline(__always) public func append(_ bytes: UnsafeRawBufferPointer) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        if capacity - count < bytes.count { grow(toHold: count + bytes.count) }
        (base + count).copyMemory(from: source, byteCount: bytes.count)
        count += bytes.count
    }

    @inline(__always) public func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        append(UnsafeRawBufferPointer(bytes))
    }

    /// Fixed text (markup, a separator), as the binary holds it.
    @inline(__always) public func append(_ text: StaticString) {
        append(UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    public func append(string text: String) {
        var text = text
        text.withUTF8 { append($0) }
    }

    public func append(_ byte: UInt8) {
        if capacity == count { grow(toHold: count + 1) }
        base.storeBytes(of: byte, toByteOffset: count, as: UInt8.self)
        count += 1
    }

    /// Appends again the bytes it holds from `start` to `end` (counts read
    /// before).
    public func appendAgain(from start: Int, to end: Int) {
        let length = end - start
        guard start >= 0, end <= count, length > 0 else { return }
        if capacity - count < length { grow(toHold: count + length) }
        (base + count).copyMemory(from: base + start, byteCount: length)
        count += length
    }

    public func withBytes<R, E: Error>(_ body: (UnsafeRawBufferPointer) throws(E) -> R) throws(E) -> R {
        try body(UnsafeRawBufferPointer(start: base, count: count))
    }

    public func removeAll() {
        count = 0
    }

    /// What is gathered, as text (for the writers that return a String).
    public var text: String {
        String(decoding: UnsafeRawBufferPointer(start: base, count: count), as: UTF8.self)
    }

    private func grow(toHold needed: Int) {
        var newCapacity = capacity * 2
        while newCapacity < needed { newCapacity *= 2 }
        let larger = UnsafeMutableRawPointer.allocate(byteCount: newCapacity, alignment: 16)
        larger.copyMemory(from: base, byteCount: count)
        base.deallocate()
        (base, capacity) = (larger, newCapacity)
    }
}

extension StaticString {
    /// Its UTF-8, where the binary holds it.
    var bytes: UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: utf8Start, count: utf8CodeUnitCount)
    }
}
