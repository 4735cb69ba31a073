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

    /// Appends `text`, escaped, to `bytes`.
    public static func append(_ text: String, to bytes: inout [UInt8]) {
        bytes.reserveCapacity(bytes.count + text.utf8.count)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "&"): bytes += "&amp;".utf8
            case UInt8(ascii: "<"): bytes += "&lt;".utf8
            case UInt8(ascii: ">"): bytes += "&gt;".utf8
            case UInt8(ascii: "\""): bytes += "&quot;".utf8
            case UInt8(ascii: "'"): bytes += "&#39;".utf8
            default: bytes.append(byte)
            }
        }
    }
}
