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

    /// False only when none of the eight bytes is `&`, `<`, `>`, `"` or `'`,
    /// which lie in 0x22...0x27 and 0x3C...0x3E. A byte is in a range when
    /// adding what takes the range's first value to 0x80 sets its high bit
    /// and adding what takes one past its last value there does not; the
    /// adds are on the low seven bits, so none carries into the next byte,
    /// and bytes of 0x80 and up (never one of the five) are left out. A false
    /// positive (`#`, `$`, `%`, `=`) only costs the byte-by-byte look that
    /// follows.
    @inline(__always) private static func mayNeedEscape(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        let low = word & ~highs
        @inline(__always) func within(_ first: UInt64, _ last: UInt64) -> UInt64 {
            (low &+ ones &* (0x80 - first)) & ~(low &+ ones &* (0x7F - last))
        }
        return (within(0x22, 0x27) | within(0x3C, 0x3E)) & ~word & highs != 0
    }
}
