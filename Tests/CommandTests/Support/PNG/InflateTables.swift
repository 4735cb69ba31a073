/// Deflate's fixed tables (RFC 1951, 3.2.5 and 3.2.6) and its dynamic
/// block header (3.2.7): the code lengths, themselves Huffman-coded.
enum InflateTables {
    static let lengthBase = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]
    static let lengthExtra = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    static let distanceBase = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073,
                               4097, 6145, 8193, 12289, 16385, 24577]
    static let distanceExtra = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]
    private static let codeLengthOrder = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

    static let fixedLengths = InflateHuffman(lengths: ArraySlice(
        [Int](repeating: 8, count: 144) + [Int](repeating: 9, count: 112) + [Int](repeating: 7, count: 24) + [Int](repeating: 8, count: 8)))
    static let fixedDistances = InflateHuffman(lengths: ArraySlice([Int](repeating: 5, count: 30)))

    static func dynamic(_ bits: inout InflateBits) throws(InflateBits.Failure) -> (InflateHuffman, InflateHuffman) {
        let lengthCount = try bits.bits(5) + 257, distanceCount = try bits.bits(5) + 1, codeCount = try bits.bits(4) + 4
        var codeLengths = [Int](repeating: 0, count: 19)
        for index in 0..<codeCount { codeLengths[codeLengthOrder[index]] = try bits.bits(3) }
        let codeLengthCode = InflateHuffman(lengths: codeLengths[...])
        var lengths: [Int] = []
        while lengths.count < lengthCount + distanceCount {
            let symbol = try codeLengthCode.decode(&bits)
            switch symbol {
            case 0..<16:
                lengths.append(symbol)
            case 16:
                guard let previous = lengths.last else { throw InflateBits.Failure(description: "repeat with nothing before") }
                lengths += [Int](repeating: previous, count: 3 + (try bits.bits(2)))
            case 17:
                lengths += [Int](repeating: 0, count: 3 + (try bits.bits(3)))
            default:
                lengths += [Int](repeating: 0, count: 11 + (try bits.bits(7)))
            }
        }
        guard lengths.count == lengthCount + distanceCount else { throw InflateBits.Failure(description: "too many code lengths") }
        return (InflateHuffman(lengths: lengths[..<lengthCount]), InflateHuffman(lengths: lengths[lengthCount...]))
    }
}
