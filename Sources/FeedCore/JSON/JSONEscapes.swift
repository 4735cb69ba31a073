/// JSON's escapes in a string, both ways, each written once: what a short
/// escape (`\n`, `\"`, …) stands for, as every reader decodes it; and how
/// the writer spells each byte a string cannot hold as it is
/// (`JSONStringBytes`). Whether an escape is the writer's own spelling is
/// derived from the two (decoded, then spelt again), never from a table of
/// the writer's spellings turned round by hand.
public enum JSONEscapes {
    /// The byte a short escape's letter stands for (`n` for a line feed);
    /// nil for `u` and for anything that is no escape.
    @inlinable @inline(__always)
    public static func decodedShort(_ letter: UInt8) -> UInt8? {
        switch letter {
        case 0x22, 0x5C, 0x2F: return letter // " \ /
        case 0x62: return 0x08 // b
        case 0x66: return 0x0C // f
        case 0x6E: return 0x0A // n
        case 0x72: return 0x0D // r
        case 0x74: return 0x09 // t
        default: return nil
        }
    }

    /// The letter of the writer's short escape for `byte`, or nil where it
    /// writes `\u00XX` (a control character with no short form).
    @inlinable @inline(__always)
    public static func writersShortLetter(for byte: UInt8) -> UInt8? {
        switch byte {
        case 0x22, 0x5C: return byte
        case 0x0A: return 0x6E
        case 0x0D: return 0x72
        case 0x09: return 0x74
        case 0x08: return 0x62
        case 0x0C: return 0x66
        default: return nil
        }
    }

    /// Appends the writer's escape for `byte`, one `JSONStringBytes.isSpecial` holds.
    @inlinable
    public static func appendWritersEscape(for byte: UInt8, to out: inout [UInt8]) {
        out.append(0x5C)
        if let letter = writersShortLetter(for: byte) {
            out.append(letter)
            return
        }
        out.append(contentsOf: [0x75, 0x30, 0x30, hexDigit(byte >> 4), hexDigit(byte & 0x0F)]) // u00XX
    }

    /// The writer's hex digits: lower case.
    @inlinable @inline(__always)
    static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? 0x30 + nibble : 0x61 + nibble - 10
    }

    /// The length of the escape at `text` (its backslash there, `available`
    /// bytes readable) if it is exactly how the writer spells the byte it
    /// stands for; nil for any other spelling (`\/`, `\u0022`, `\u000A`,
    /// upper-case hex, an escape of a byte the writer writes as it is).
    @inlinable
    public static func writersLength(at text: UnsafePointer<UInt8>, available: Int) -> Int? {
        guard available >= 2, text[0] == 0x5C else { return nil }
        if let byte = decodedShort(text[1]) {
            return JSONStringBytes.isSpecial(byte) && writersShortLetter(for: byte) == text[1] ? 2 : nil
        }
        guard text[1] == 0x75, available >= 6, let unit = JSONHex.unit(text, 2), unit < 0x80 else { return nil }
        let byte = UInt8(unit)
        guard JSONStringBytes.isSpecial(byte), writersShortLetter(for: byte) == nil else { return nil }
        return text[2] == 0x30 && text[3] == 0x30 && text[4] == hexDigit(byte >> 4) && text[5] == hexDigit(byte & 0x0F) ? 6 : nil
    }
}
