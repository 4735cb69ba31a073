/// zlib's inflate (RFC 1950, 1951), enough to read the PNGs Chromium
/// writes: stored, fixed and dynamic Huffman blocks; the result is checked
/// against the stream's Adler-32, so a wrong decoding cannot pass unseen.
enum Inflate {
    static func zlib(_ stream: [UInt8]) throws(InflateBits.Failure) -> [UInt8] {
        guard stream.count >= 6, stream[0] & 0x0F == 8, (Int(stream[0]) << 8 | Int(stream[1])) % 31 == 0, stream[1] & 0x20 == 0 else {
            throw InflateBits.Failure(description: "not a zlib stream")
        }
        var bits = InflateBits(stream, from: 2)
        var out: [UInt8] = []
        var last = false
        while !last {
            last = try bits.bits(1) == 1
            switch try bits.bits(2) {
            case 0: try stored(&bits, into: &out)
            case 1: try codes(&bits, InflateTables.fixedLengths, InflateTables.fixedDistances, into: &out)
            case 2:
                let (lengths, distances) = try InflateTables.dynamic(&bits)
                try codes(&bits, lengths, distances, into: &out)
            default: throw InflateBits.Failure(description: "block type 3")
            }
        }
        bits.alignToByte()
        let adler = try bits.bytes(4).reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        guard adler == PNGChecksum.adler32(out) else { throw InflateBits.Failure(description: "Adler-32 mismatch") }
        return out
    }

    private static func stored(_ bits: inout InflateBits, into out: inout [UInt8]) throws(InflateBits.Failure) {
        bits.alignToByte()
        let header = try bits.bytes(4)
        let length = Int(header[header.startIndex]) | Int(header[header.startIndex + 1]) << 8
        let check = Int(header[header.startIndex + 2]) | Int(header[header.startIndex + 3]) << 8
        guard length == ~check & 0xFFFF else { throw InflateBits.Failure(description: "stored length mismatch") }
        out += try bits.bytes(length)
    }

    private static func codes(_ bits: inout InflateBits, _ lengths: InflateHuffman, _ distances: InflateHuffman,
                              into out: inout [UInt8]) throws(InflateBits.Failure) {
        while true {
            let symbol = try lengths.decode(&bits)
            if symbol < 256 {
                out.append(UInt8(symbol))
                continue
            }
            if symbol == 256 { return }
            let lengthIndex = symbol - 257
            guard lengthIndex < 29 else { throw InflateBits.Failure(description: "bad length code") }
            let length = InflateTables.lengthBase[lengthIndex] + (try bits.bits(InflateTables.lengthExtra[lengthIndex]))
            let distanceIndex = try distances.decode(&bits)
            guard distanceIndex < 30 else { throw InflateBits.Failure(description: "bad distance code") }
            let distance = InflateTables.distanceBase[distanceIndex] + (try bits.bits(InflateTables.distanceExtra[distanceIndex]))
            guard distance <= out.count else { throw InflateBits.Failure(description: "distance too far back") }
            let start = out.count - distance
            for offset in 0..<length { out.append(out[start + offset]) }
        }
    }
}
