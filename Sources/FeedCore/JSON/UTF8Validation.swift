/// Whether bytes are well-formed UTF-8: no overlong form, no surrogate,
/// nothing beyond U+10FFFF, no sequence cut short. What `String(validating:as:)`
/// decides, without its generic code's metadata lookups on every string
/// (a tenth of the time of reading a large feed item by item); plain ASCII
/// is checked eight bytes at a time. The one place of the rule: the fast
/// path's scanners take each non-ASCII sequence by `sequenceLength` too.
public enum UTF8Validation {
    static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let end = bytes.count
        var index = 0
        while index < end {
            while end - index >= 8, UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                index += 8
            }
            guard index < end else { return true }
            let lead = base[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            guard let length = sequenceLength(base, index, end) else { return false }
            index += length
        }
        return true
    }

    /// The length of the well-formed sequence that starts with the non-ASCII
    /// byte at `index` (before `end`), or nil.
    @inlinable @inline(__always)
    public static func sequenceLength(_ base: UnsafePointer<UInt8>, _ index: Int, _ end: Int) -> Int? {
        let lead = base[index]
        func continuation(_ offset: Int) -> UInt8? {
            guard index + offset < end else { return nil }
            let byte = base[index + offset]
            return byte & 0xC0 == 0x80 ? byte : nil
        }
        switch lead {
        case 0xC2...0xDF:
            return continuation(1) == nil ? nil : 2
        case 0xE0...0xEF:
            guard let second = continuation(1), continuation(2) != nil else { return nil }
            if lead == 0xE0 && second < 0xA0 { return nil } // overlong
            if lead == 0xED && second >= 0xA0 { return nil } // surrogate
            return 3
        case 0xF0...0xF4:
            guard let second = continuation(1), continuation(2) != nil, continuation(3) != nil else { return nil }
            if lead == 0xF0 && second < 0x90 { return nil } // overlong
            if lead == 0xF4 && second >= 0x90 { return nil } // beyond U+10FFFF
            return 4
        default:
            return nil
        }
    }
}
