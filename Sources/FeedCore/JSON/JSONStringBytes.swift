/// The bytes a JSON string cannot hold as they are: a quote, a backslash and
/// the control characters below 0x20. The one place of that rule, for a byte
/// and for eight at a time: the writer copies the runs between them, the
/// readers look for them, and the fast path's scanners add non-ASCII to it.
public enum JSONStringBytes {
    /// Whether `byte` ends a plain run.
    @inlinable @inline(__always)
    public static func isSpecial(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == 0x22 || byte == 0x5C
    }

    /// The high bit of each of the eight bytes of `word` (loaded little-endian)
    /// that is special; exact for the lowest one (a borrow can only mark bytes
    /// after a true one), so its trailing zero bits count the plain bytes before it.
    @inlinable @inline(__always)
    public static func specialBytes(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let quote = word ^ (ones &* 0x22)
        let backslash = word ^ (ones &* 0x5C)
        let hasQuote = (quote &- ones) & ~quote & highs
        let hasBackslash = (backslash &- ones) & ~backslash & highs
        let hasControl = (word &- ones &* 0x20) & ~word & highs
        return hasQuote | hasBackslash | hasControl
    }

    /// The offset of the first special byte of `bytes` at or after `offset`,
    /// or `bytes.count` if there is none.
    @inlinable
    public static func plainRunEnd(in bytes: UnsafeBufferPointer<UInt8>, from offset: Int) -> Int {
        guard let base = bytes.baseAddress else { return bytes.count }
        let count = bytes.count
        var index = offset
        while count - index >= 8 {
            let special = specialBytes(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
            if special != 0 { return index + special.trailingZeroBitCount >> 3 }
            index += 8
        }
        while index < count, !isSpecial(base[index]) { index += 1 }
        return index
    }
}
