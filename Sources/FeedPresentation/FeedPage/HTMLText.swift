import FeedCore

/// Text from the feed, made safe to stand anywhere in an HTML page, in an
/// element's content or in a quoted attribute: `&`, `<`, `>`, `"` and `'`
/// become character references, so that no feed text can open or close
/// a tag or an attribute. Everything else is written as it is (UTF-8).
public enum HTMLText {
    public static func escaped(_ text: String) -> String {
        let bytes = OutputBytes()
        append(text, to: bytes)
        return bytes.text
    }

    /// Appends `text`, escaped, to `bytes`.
    public static func append(_ text: String, to bytes: OutputBytes) {
        var text = text
        text.withUTF8 { append(utf8: $0, to: bytes) }
    }

    /// Appends UTF-8 text, escaped: its runs with nothing to escape whole,
    /// found eight bytes at a time.
    static func append(utf8: UnsafeBufferPointer<UInt8>, to bytes: OutputBytes) {
        guard let base = utf8.baseAddress else { return }
        var run = 0, offset = 0
        while offset < utf8.count {
            if utf8.count - offset >= 8, !mayNeedEscape(UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self)) {
                offset += 8
                continue
            }
            let entity: StaticString
            switch base[offset] {
            case UInt8(ascii: "&"): entity = "&amp;"
            case UInt8(ascii: "<"): entity = "&lt;"
            case UInt8(ascii: ">"): entity = "&gt;"
            case UInt8(ascii: "\""): entity = "&quot;"
            case UInt8(ascii: "'"): entity = "&#39;"
            default:
                offset += 1
                continue
            }
            bytes.append(UnsafeBufferPointer(rebasing: utf8[run..<offset]))
            bytes.append(entity)
            offset += 1
            run = offset
        }
        bytes.append(UnsafeBufferPointer(rebasing: utf8[run...]))
    }

    /// False only when none of the eight bytes is `&`, `<`, `>`, `"` or `'`
    /// (a byte equal to one of them is a zero byte of the word xor'ed with
    /// it: found without false negatives; a false positive only costs the
    /// byte-by-byte look that follows).
    @inline(__always) private static func mayNeedEscape(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        @inline(__always) func has(_ byte: UInt64) -> UInt64 {
            let matched = word ^ (ones &* byte)
            return (matched &- ones) & ~matched & highs
        }
        return (has(0x26) | has(0x3C) | has(0x3E) | has(0x22) | has(0x27)) != 0
    }
}
