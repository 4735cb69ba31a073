import FeedCore

/// A fast 64-bit checksum of a cache file's payload, to tell a torn or
/// tampered file from a good one: FNV-1a over little-endian 64-bit words,
/// then the remaining bytes one at a time.
public enum CacheChecksum {
    public static func of(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        let prime: UInt64 = 0x100000001b3
        var hash: UInt64 = 0xcbf29ce484222325
        let words = bytes.count / 8
        for i in 0..<words {
            hash = (hash ^ UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: i * 8, as: UInt64.self))) &* prime
        }
        for i in (words * 8)..<bytes.count {
            hash = (hash ^ UInt64(bytes[i])) &* prime
        }
        return hash
    }

    public static func of(_ bytes: [UInt8]) -> UInt64 {
        bytes.withUnsafeBytes { of($0) }
    }

    public static func hex(_ value: UInt64) -> String {
        var text = String(value, radix: 16)
        while text.count < 16 { text = "0" + text }
        return text
    }
}
