import FeedCore

/// Text from the feed, made safe to stand anywhere in an HTML page, in an
/// element's content or in a quoted attribute: `&`, `<`, `>`, `"` and `'`
/// become character references, so that no feed text can open or close
/// a tag or an attribute. Everything else is written as it is (UTF-8).
public enum HTMLText {
    public static func escaped(_ text: String) -> String {
        var bytes: [UInt8] = []
        append(text, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `text`, escaped, to `bytes`: its runs with nothing to escape
    /// whole, from the string's own UTF-8.
    public static func append(_ text: String, to bytes: inout [UInt8]) {
        var text = text
        text.withUTF8 { utf8 in
            var run = 0
            for offset in utf8.indices {
                let entity: StaticString
                switch utf8[offset] {
                case UInt8(ascii: "&"): entity = "&amp;"
                case UInt8(ascii: "<"): entity = "&lt;"
                case UInt8(ascii: ">"): entity = "&gt;"
                case UInt8(ascii: "\""): entity = "&quot;"
                case UInt8(ascii: "'"): entity = "&#39;"
                default: continue
                }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[run..<offset]))
                bytes.append(contentsOf: UnsafeBufferPointer(start: entity.utf8Start, count: entity.utf8CodeUnitCount))
                run = offset + 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[run...]))
        }
    }
}
