/// The checks on identifiers and URLs that every stage shares.
public enum Identifiers {
    /// A UUID in 8-4-4-4-12 hex form, in any case, returned in upper case; nil otherwise.
    public static func canonicalUUID(_ text: String) -> String? {
        let utf8 = Array(text.utf8)
        guard utf8.count == 36 else { return nil }
        var out = [UInt8]()
        out.reserveCapacity(36)
        for (offset, byte) in utf8.enumerated() {
            if offset == 8 || offset == 13 || offset == 18 || offset == 23 {
                guard byte == UInt8(ascii: "-") else { return nil }
                out.append(byte)
                continue
            }
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "A")...UInt8(ascii: "F"): out.append(byte)
            case UInt8(ascii: "a")...UInt8(ascii: "f"): out.append(byte - 32)
            default: return nil
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// An absolute URL: `scheme://host…`, with no white space or control
    /// characters. The scheme is letters, digits, `+ - .`, starting with a letter.
    public static func isAbsoluteURL(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { isAbsoluteURL($0) }
    }

    public static func isAbsoluteURL(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = utf8.first, isLetter(first) else { return false }
        var index = 1
        while index < utf8.count, isLetter(utf8[index]) || isDigit(utf8[index])
                || utf8[index] == UInt8(ascii: "+") || utf8[index] == UInt8(ascii: "-") || utf8[index] == UInt8(ascii: ".") {
            index += 1
        }
        guard utf8.count - index > 3,
              utf8[index] == UInt8(ascii: ":"), utf8[index + 1] == UInt8(ascii: "/"), utf8[index + 2] == UInt8(ascii: "/") else {
            return false
        }
        let authorityStart = index + 3
        guard utf8[authorityStart] != UInt8(ascii: "/"), utf8[authorityStart] != UInt8(ascii: "?"),
              utf8[authorityStart] != UInt8(ascii: "#") else { return false }
        for byte in utf8 where byte <= 0x20 || byte == 0x7F { return false }
        return true
    }

    /// True for 36 bytes in 8-4-4-4-12 hex form, any case.
    public static func isUUID(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        guard utf8.count == 36 else { return false }
        for (offset, byte) in utf8.enumerated() {
            if offset == 8 || offset == 13 || offset == 18 || offset == 23 {
                guard byte == UInt8(ascii: "-") else { return false }
            } else {
                guard isHexDigit(byte) else { return false }
            }
        }
        return true
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        isDigit(byte) || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "f"))
    }

    /// The URL's scheme, lower-cased, if it is absolute.
    public static func scheme(of text: String) -> String? {
        guard isAbsoluteURL(text), let colon = text.firstIndex(of: ":") else { return nil }
        return text[..<colon].lowercased()
    }

    /// An http or https URL that a fetch can be tried on; else a `usage` error
    /// naming what is wrong with it.
    public static func fetchableURL(_ text: String) throws(ToolError) -> String {
        guard isAbsoluteURL(text), let scheme = scheme(of: text) else {
            throw ToolError(.usage, "malformed URL")
        }
        guard scheme == "http" || scheme == "https" else {
            throw ToolError(.usage, "unsupported scheme '\(scheme)' (only http and https)")
        }
        return text
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }
}
