import FeedCore

/// A fast 64-bit checksum of a cache file's payload, to tell a torn or
/// tampered file from a good one: FNV-1a over little-endian 64-bit words,
/// then the remaining bytes one at a time. A payload given in parts (`add`)
/// is summed as their concatenation.
public struct CacheChecksum {
    private static let prime: UInt64 = 0x100000001b3
    private var value: UInt64 = 0xcbf29ce484222325
    /// Bytes of a word not yet complete, and how many (0 to 7).
    private var pending: UInt64 = 0
    private var pendingCount = 0
    private var finished: UInt64?

    public init() {}

    /// Adds the next part of the payload.
    public mutating func add(_ bytes: UnsafeRawBufferPointer) {
        var index = 0
        while pendingCount > 0 && index < bytes.count {
            pending |= UInt64(bytes[index]) << (8 * UInt64(pendingCount))
            pendingCount += 1
            index += 1
            if pendingCount == 8 {
                value = (value ^ pending) &* Self.prime
                pending = 0
                pendingCount = 0
            }
        }
        let words = (bytes.count - index) / 8
        for word in 0..<words {
            value = (value ^ UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index + word * 8, as: UInt64.self))) &* Self.prime
        }
        index += words * 8
        while index < bytes.count {
            pending |= UInt64(bytes[index]) << (8 * UInt64(pendingCount))
            pendingCount += 1
            index += 1
        }
        finishTail()
    }

    /// The bytes left over are summed one at a time, as the whole would be.
    private mutating func finishTail() {
        var tail = value
        for byte in 0..<pendingCount {
            tail = (tail ^ ((pending >> (8 * UInt64(byte))) & 0xFF)) &* Self.prime
        }
        finished = tail
    }

    public static func of(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var checksum = CacheChecksum()
        checksum.add(bytes)
        return checksum.sum
    }

    public static func of(_ bytes: [UInt8]) -> UInt64 {
        bytes.withUnsafeBytes { of($0) }
    }

    /// The checksum of all that was added.
    public var sum: UInt64 { finished ?? value }

    public static func hex(_ value: UInt64) -> String {
        var text = String(value, radix: 16)
        while text.count < 16 { text = "0" + text }
        return text
    }
}
