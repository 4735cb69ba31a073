/// Does a string's text hold only the escapes `JSONWriter` writes? A quote,
/// a backslash and the control characters, each in its one spelling (`\n`,
/// `\u001f`); everything else raw. Then the text reads back and is written
/// again byte for byte, and `FastFeedSave` can store it as it stands.
enum CanonicalEscapes {
    static func hold(in span: JSONSpan, _ scanner: JSONScanner) -> Bool {
        guard span.escaped else { return true }
        let text = scanner.base + span.start
        var index = 0
        while index < span.count {
            guard text[index] == 0x5C else { index += 1; continue }
            // The scanner has checked the escapes' grammar: the bytes are there.
            switch text[index + 1] {
            case 0x22, 0x5C, 0x6E, 0x72, 0x74, 0x62, 0x66: // " \ n r t b f
                index += 2
            case 0x75: // u00XX, lower-case hex, a control character with no short form
                guard text[index + 2] == 0x30, text[index + 3] == 0x30 else { return false }
                let high = text[index + 4], low = text[index + 5]
                guard high == 0x30 || high == 0x31 else { return false }
                let value: UInt8
                switch low {
                case 0x30...0x39: value = (high & 1) << 4 | (low - 0x30)
                case 0x61...0x66: value = (high & 1) << 4 | (low - 0x61 + 10)
                default: return false
                }
                guard ![0x08, 0x09, 0x0A, 0x0C, 0x0D].contains(value) else { return false }
                index += 6
            default:
                return false // `\/`
            }
        }
        return true
    }
}
