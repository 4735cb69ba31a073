/// The bytes no input of the commands can hold: a control byte below 0x20
/// other than tab, newline and carriage return. JSON holds none (outside a
/// string only white space may stand between tokens, inside one a control
/// character must be escaped), nor does a list of URLs; so a reader of
/// standard input that meets one (`< /dev/zero`) stops there, at once,
/// rather than reading on to the end or a size limit.
public enum InputTextBytes {
    /// Whether `byte` may begin a JSON value: `{`, `[`, `"`, `-`, a digit,
    /// or the `t`, `f`, `n` of a literal. Input of JSON values whose first
    /// byte other than white space is none of these is refused there.
    public static func canBeginJSONValue(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x7B, 0x5B, 0x22, 0x2D, 0x30...0x39, 0x74, 0x66, 0x6E: return true
        default: return false
        }
    }

    /// The offset of the first such byte in `bytes`, or nil.
    public static func firstImpossible(in bytes: UnsafeRawBufferPointer) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        var index = 0
        while index < bytes.count {
            if bytes.count - index >= 8 {
                // No byte below 0x20 in these eight: none to look at one by one.
                let word = (base + index).loadUnaligned(as: UInt64.self)
                if (word &- ones &* 0x20) & ~word & highs == 0 {
                    index += 8
                    continue
                }
            }
            for offset in index..<min(index + 8, bytes.count) {
                let byte = bytes[offset]
                if byte < 0x20, byte != 0x09, byte != 0x0A, byte != 0x0D { return offset }
            }
            index += 8
        }
        return nil
    }
}
