/// Up to 16 bytes held in two words, so that a key is compared and a prefix
/// written with a load or a store each instead of a call to memcmp or memcpy.
struct ShortBytes: Sendable {
    let count: Int
    private let low: UInt64
    private let high: UInt64
    private let lowMask: UInt64
    private let highMask: UInt64

    static let capacity = 16

    /// Nil for more than 16 bytes.
    init?(_ bytes: [UInt8]) {
        guard bytes.count <= ShortBytes.capacity else { return nil }
        var padded = bytes + [UInt8](repeating: 0, count: ShortBytes.capacity - bytes.count)
        var masks = [UInt8](repeating: 0xFF, count: bytes.count) + [UInt8](repeating: 0, count: ShortBytes.capacity - bytes.count)
        func word(_ array: inout [UInt8], _ offset: Int) -> UInt64 {
            array.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: UInt64.self) }
        }
        count = bytes.count
        low = word(&padded, 0)
        high = word(&padded, 8)
        lowMask = word(&masks, 0)
        highMask = word(&masks, 8)
    }

    /// Are the `length` bytes at `start` these? `readable` bytes may be read
    /// there: with 16 or more, two loads; else byte by byte.
    @inline(__always) func matches(_ start: UnsafePointer<UInt8>, length: Int, readable: Int) -> Bool {
        guard length == count else { return false }
        let raw = UnsafeRawPointer(start)
        if readable >= ShortBytes.capacity {
            return (raw.loadUnaligned(as: UInt64.self) & lowMask) == low
                && (raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self) & highMask) == high
        }
        for offset in 0..<count where start[offset] != byte(offset) { return false }
        return true
    }

    private func byte(_ offset: Int) -> UInt8 {
        UInt8(truncatingIfNeeded: (offset < 8 ? low : high) >> (8 * UInt64(offset % 8)))
    }

    /// Writes all 16 bytes at `start` (the caller keeps only `count`).
    @inline(__always) func store(to start: UnsafeMutableRawPointer) {
        start.storeBytes(of: low, as: UInt64.self)
        start.storeBytes(of: high, toByteOffset: 8, as: UInt64.self)
    }
}
