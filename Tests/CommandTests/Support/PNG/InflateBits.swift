/// The bits of a deflate stream, least significant first within each byte
/// (RFC 1951, 3.1.1).
struct InflateBits {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    private let bytes: [UInt8]
    private(set) var position: Int
    private var buffer: UInt32 = 0
    private var count = 0

    init(_ bytes: [UInt8], from position: Int) {
        self.bytes = bytes
        self.position = position
    }

    /// The next `n` bits (n ≤ 24), the first one lowest.
    mutating func bits(_ n: Int) throws(Failure) -> Int {
        while count < n {
            guard position < bytes.count else { throw Failure(description: "deflate stream cut short") }
            buffer |= UInt32(bytes[position]) << count
            position += 1
            count += 8
        }
        let value = Int(buffer & ((1 << n) - 1))
        buffer >>= n
        count -= n
        return value
    }

    /// Drops the bits left in the current byte (before a stored block, and at the end).
    mutating func alignToByte() {
        buffer = 0
        count = 0
    }

    /// The next `n` whole bytes, after `alignToByte`.
    mutating func bytes(_ n: Int) throws(Failure) -> ArraySlice<UInt8> {
        guard position + n <= bytes.count else { throw Failure(description: "stored block cut short") }
        defer { position += n }
        return bytes[position..<(position + n)]
    }
}
