/// A canonical Huffman code of deflate, built from its code lengths and
/// read a bit at a time (as zlib's puff.c does: slow, short and exact).
struct InflateHuffman {
    /// How many codes there are of each length, 0...15.
    private var counts = [Int](repeating: 0, count: 16)
    /// The symbols, in canonical order.
    private var symbols: [Int]

    init(lengths: ArraySlice<Int>) {
        for length in lengths { counts[length] += 1 }
        var offsets = [Int](repeating: 0, count: 16)
        for length in 1..<15 { offsets[length + 1] = offsets[length] + counts[length] }
        symbols = [Int](repeating: 0, count: lengths.count)
        for (symbol, length) in lengths.enumerated() where length != 0 {
            symbols[offsets[length]] = symbol
            offsets[length] += 1
        }
    }

    func decode(_ bits: inout InflateBits) throws(InflateBits.Failure) -> Int {
        var code = 0, first = 0, index = 0
        for length in 1...15 {
            code |= try bits.bits(1)
            let count = counts[length]
            if code - count < first { return symbols[index + code - first] }
            index += count
            first = (first + count) << 1
            code <<= 1
        }
        throw InflateBits.Failure(description: "no such Huffman code")
    }
}
