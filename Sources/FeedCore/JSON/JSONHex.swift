/// JSON's hex digits (`\u` escapes; a UUID's digits): 0-9, a-f, A-F. The
/// one place the rule is spelt, for one byte and for four; the readers, the
/// fast path's scanners and the fuzz targets ask here.
public enum JSONHex {
    /// The digit's value, or nil for a byte that is not a hex digit.
    @inlinable @inline(__always)
    public static func value(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: return byte &- 0x30
        case 0x61...0x66: return byte &- 0x61 &+ 10
        case 0x41...0x46: return byte &- 0x41 &+ 10
        default: return nil
        }
    }

    /// The value of a byte already known to be a hex digit (a checked
    /// UUID's), without a branch: the low four bits, plus 9 for a letter.
    @inlinable @inline(__always)
    public static func value(ofDigit byte: UInt8) -> UInt8 {
        (byte & 0x0F) &+ (byte >> 6) &* 9
    }

    /// The four hex digits at `offset` (the caller knows four bytes are
    /// there) as one UTF-16 unit, or nil.
    @inlinable @inline(__always)
    public static func unit(_ base: UnsafePointer<UInt8>, _ offset: Int) -> UInt32? {
        var value: UInt32 = 0
        for position in offset..<(offset + 4) {
            guard let digit = JSONHex.value(base[position]) else { return nil }
            value = value << 4 | UInt32(digit)
        }
        return value
    }
}
