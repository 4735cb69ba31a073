/// The one way a control character is shown where people or terminals read
/// it: `--format text`, `--format tsv`, `feed-fetch -v` and the one-line
/// messages on stderr. A C0 control (U+0000 to U+001F), DEL (U+007F) or a C1
/// control (U+0080 to U+009F, in UTF-8 `C2 80` to `C2 9F`) is never written
/// as it came, so that no text can move the cursor, clear the screen or set a
/// terminal's title: a tab, newline and carriage return are written `\t`,
/// `\n`, `\r`, every other one `\u` and four upper-case hex digits, as JSON
/// spells it (`\u001B` for ESC, `\u009B` for CSI). Every other byte is
/// written as it is.
///
/// Where the text is read back by programs (tsv) a backslash is written `\\`
/// as well (`doublingBackslash`), so that `unescaped` gives back the very
/// bytes: read `\\`, `\t`, `\n`, `\r` and `\uXXXX` back as the character
/// they name, in that one pass.
public enum ControlEscape {
    /// How many bytes from `index` make one control character (1, 2 for a C1
    /// in UTF-8), or 0 if none starts there.
    @inline(__always) public static func controlLength(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
        let byte = bytes[index]
        if byte < 0x20 || byte == 0x7F { return 1 }
        if byte == 0xC2, index + 1 < bytes.count, bytes[index + 1] & 0xE0 == 0x80 { return 2 }
        return 0
    }

    /// Whether any byte of `bytes` must be escaped (a control character, or
    /// a backslash when `doublingBackslash`).
    public static func needsEscaping(_ bytes: UnsafeBufferPointer<UInt8>, doublingBackslash: Bool = false) -> Bool {
        plainRunEnd(in: bytes, from: 0, doublingBackslash: doublingBackslash) < bytes.count
    }

    /// `bytes` with each control character (and each backslash when
    /// `doublingBackslash`) escaped, appended to `out`; the runs between them
    /// copied as they are.
    public static func append(_ bytes: UnsafeBufferPointer<UInt8>, doublingBackslash: Bool = false, to out: inout [UInt8]) {
        var runStart = 0
        while true {
            let index = plainRunEnd(in: bytes, from: runStart, doublingBackslash: doublingBackslash)
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
            guard index < bytes.count else { return }
            let length = controlLength(bytes, at: index)
            if length == 0 { // a backslash
                out.append(0x5C)
                out.append(0x5C)
                runStart = index + 1
                continue
            }
            appendEscape(of: length == 1 ? bytes[index] : bytes[index + 1], to: &out)
            runStart = index + length
        }
    }

    /// The same for bytes in any collection (a line of `-v`, a slice).
    public static func append<Bytes: Collection>(_ bytes: Bytes, doublingBackslash: Bool = false, to out: inout [UInt8]) where Bytes.Element == UInt8 {
        let copied: Void? = bytes.withContiguousStorageIfAvailable { append($0, doublingBackslash: doublingBackslash, to: &out) }
        if copied == nil { Array(bytes).withUnsafeBufferPointer { append($0, doublingBackslash: doublingBackslash, to: &out) } }
    }

    /// A String as it may be shown (a message's subject, a comment's text).
    public static func escaped(_ text: String, doublingBackslash: Bool = false) -> String {
        var text = text
        return text.withUTF8 { bytes in
            guard needsEscaping(bytes, doublingBackslash: doublingBackslash) else { return nil }
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count + 16)
            append(bytes, doublingBackslash: doublingBackslash, to: &out)
            return String(decoding: out, as: UTF8.self)
        } ?? text
    }

    /// The escape of the control character whose code point is `code`.
    private static func appendEscape(of code: UInt8, to out: inout [UInt8]) {
        out.append(0x5C)
        switch code {
        case 0x09: out.append(0x74) // \t
        case 0x0A: out.append(0x6E) // \n
        case 0x0D: out.append(0x72) // \r
        default:
            let digits: [UInt8] = Array("0123456789ABCDEF".utf8)
            out.append(0x75) // u
            out.append(0x30)
            out.append(0x30)
            out.append(digits[Int(code >> 4)])
            out.append(digits[Int(code & 0x0F)])
        }
    }

    /// Where the run from `start` of bytes that need no escape ends: eight
    /// bytes at a time (a word of ASCII by a shorter test) while none is below 0x20, DEL, `C2` (which starts
    /// every C1) or, when doubling them, a backslash; a word where one is
    /// (a `C2` may start `°` as well) looked at byte by byte, then on by words.
    private static func plainRunEnd(in bytes: UnsafeBufferPointer<UInt8>, from start: Int, doublingBackslash: Bool) -> Int {
        guard let base = bytes.baseAddress else { return start }
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        @inline(__always) func has(_ byte: UInt64, in word: UInt64) -> UInt64 {
            let flipped = word ^ (ones &* byte)
            return (flipped &- ones) & ~flipped & highs
        }
        var index = start
        while index < bytes.count {
            if bytes.count - index >= 8 {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                if word & highs == 0 {
                    // ASCII alone, as most text is: below 0x20 wraps past
                    // 0x7F when 0x20 is taken away, DEL reaches 0x80 when 1
                    // is added (a borrow marks only bytes above a true one).
                    let backslash = doublingBackslash ? has(0x5C, in: word) : 0
                    if ((word &- ones &* 0x20) | (word &+ ones)) & highs | backslash == 0 {
                        index += 8
                        continue
                    }
                }
                let control = (word &- ones &* 0x20) & ~word & highs
                let backslash = doublingBackslash ? has(0x5C, in: word) : 0
                if control | has(0x7F, in: word) | has(0xC2, in: word) | backslash == 0 {
                    index += 8
                    continue
                }
            }
            for offset in index..<min(index + 8, bytes.count)
            where controlLength(bytes, at: offset) != 0 || (doublingBackslash && bytes[offset] == 0x5C) {
                return offset
            }
            index += 8
        }
        return bytes.count
    }

    /// The reverse of `append` with `doublingBackslash` (a tsv field read
    /// back): nil where a backslash starts no escape `append` writes.
    public static func unescaped(_ bytes: some Collection<UInt8>) -> [UInt8]? {
        let bytes = Array(bytes)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            guard byte == 0x5C else {
                out.append(byte)
                index += 1
                continue
            }
            guard index + 1 < bytes.count else { return nil }
            switch bytes[index + 1] {
            case 0x5C: out.append(0x5C)
            case 0x74: out.append(0x09)
            case 0x6E: out.append(0x0A)
            case 0x72: out.append(0x0D)
            case 0x75:
                guard index + 5 < bytes.count, bytes[index + 2] == 0x30, bytes[index + 3] == 0x30,
                      let high = JSONHex.value(bytes[index + 4]), let low = JSONHex.value(bytes[index + 5])
                else { return nil }
                let code = UInt8(high << 4 | low)
                if code < 0x20 || code == 0x7F {
                    out.append(code)
                } else if code >= 0x80, code <= 0x9F {
                    out.append(0xC2)
                    out.append(code)
                } else {
                    return nil
                }
                index += 4
            default: return nil
            }
            index += 2
        }
        return out
    }
}
