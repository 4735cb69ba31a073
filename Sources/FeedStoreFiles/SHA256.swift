import FeedCore

/// SHA-256 (FIPS 180-4), used to turn an image URL into a fixed-length file
/// name: no URL can become a path, escape the cache directory, or hit a
/// file-name length limit.
public enum SHA256 {
    private static let k: [UInt32] = [
        0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
        0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
        0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
        0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
        0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
        0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
        0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
        0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
    ]

    /// The digest of `message`. Works on raw memory, one 64-byte block at a
    /// time, with no copy of the message and no allocation but the digest:
    /// `save` hashes every image URL of a feed (50,000 in a large one), and
    /// the tests run a debug build.
    public static func hash(_ message: [UInt8]) -> [UInt8] {
        var state: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32) =
            (0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19)
        // The message schedule, then the last block or two, padded.
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64 + 32) { scratch in
            let w = scratch.baseAddress!
            let padded = UnsafeMutableRawPointer(w + 64)
            padded.initializeMemory(as: UInt8.self, repeating: 0, count: 128)
            k.withUnsafeBufferPointer { constants in
                message.withUnsafeBytes { bytes in
                    let full = bytes.count / 64
                    var block = 0
                    while block < full {
                        compress(bytes.baseAddress! + block * 64, w, constants.baseAddress!, &state)
                        block += 1
                    }
                    let rest = bytes.count - full * 64
                    if rest > 0 { padded.copyMemory(from: bytes.baseAddress! + full * 64, byteCount: rest) }
                    padded.storeBytes(of: 0x80, toByteOffset: rest, as: UInt8.self)
                    let blocks = rest < 56 ? 1 : 2
                    padded.storeBytes(of: (UInt64(bytes.count) &* 8).bigEndian, toByteOffset: blocks * 64 - 8, as: UInt64.self)
                    compress(UnsafeRawPointer(padded), w, constants.baseAddress!, &state)
                    if blocks == 2 { compress(UnsafeRawPointer(padded + 64), w, constants.baseAddress!, &state) }
                }
            }
        }
        return withUnsafeBytes(of: (state.0.bigEndian, state.1.bigEndian, state.2.bigEndian, state.3.bigEndian,
                                    state.4.bigEndian, state.5.bigEndian, state.6.bigEndian, state.7.bigEndian)) { Array($0) }
    }

    private static func compress(_ block: UnsafeRawPointer, _ w: UnsafeMutablePointer<UInt32>, _ k: UnsafePointer<UInt32>,
                                 _ state: inout (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32)) {
        var i = 0
        while i < 16 {
            w[i] = UInt32(bigEndian: block.loadUnaligned(fromByteOffset: i * 4, as: UInt32.self))
            i += 1
        }
        while i < 64 {
            let x = w[i - 15], y = w[i - 2]
            let s0 = (x >> 7 | x << 25) ^ (x >> 18 | x << 14) ^ (x >> 3)
            let s1 = (y >> 17 | y << 15) ^ (y >> 19 | y << 13) ^ (y >> 10)
            w[i] = w[i - 16] &+ s0 &+ w[i - 7] &+ s1
            i += 1
        }
        var (a, b, c, d, e, f, g, h) = state
        i = 0
        while i < 64 {
            let s1 = (e >> 6 | e << 26) ^ (e >> 11 | e << 21) ^ (e >> 25 | e << 7)
            let choice = (e & f) ^ (~e & g)
            let t1 = h &+ s1 &+ choice &+ k[i] &+ w[i]
            let s0 = (a >> 2 | a << 30) ^ (a >> 13 | a << 19) ^ (a >> 22 | a << 10)
            let majority = (a & b) ^ (a & c) ^ (b & c)
            let t2 = s0 &+ majority
            h = g; g = f; f = e; e = d &+ t1
            d = c; c = b; b = a; a = t1 &+ t2
            i += 1
        }
        state = (state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d, state.4 &+ e, state.5 &+ f, state.6 &+ g, state.7 &+ h)
    }

    public static func hex(_ message: [UInt8]) -> String {
        let digits: StaticString = "0123456789abcdef"
        let digest = hash(message)
        return String(unsafeUninitializedCapacity: 64) { buffer in
            digits.withUTF8Buffer { table in
                digest.withUnsafeBufferPointer { bytes in
                    var index = 0
                    while index < 32 {
                        buffer[index * 2] = table[Int(bytes[index] >> 4)]
                        buffer[index * 2 + 1] = table[Int(bytes[index] & 0x0F)]
                        index += 1
                    }
                }
            }
            return 64
        }
    }
}
