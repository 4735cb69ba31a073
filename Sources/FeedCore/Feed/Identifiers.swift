/// The checks on identifiers and URLs that every stage shares.
public enum Identifiers {
    /// A UUID in 8-4-4-4-12 hex form, in any case (`isUUID`), returned as it
    /// is spelt (an id is written as it was read); nil otherwise.
    public static func checkedUUID(_ text: String) -> String? {
        var text = text
        return text.withUTF8(isUUID) ? text : nil
    }

    /// What tells two UUIDs apart, whatever case each is spelt in: the UUID
    /// in upper case (RFC 9562 compares them in any case); nil for text that
    /// is not a UUID.
    public static func uuidKey(_ text: String) -> String? {
        guard let text = checkedUUID(text) else { return nil }
        // Only digits, dashes and the letters a-f or A-F: the lower-case letters are the bytes above 0x60.
        return String(decoding: text.utf8.map { $0 > 0x60 ? $0 - 0x20 : $0 }, as: UTF8.self)
    }

    /// An absolute URL: `scheme://host…`, with no white space or control
    /// characters. The scheme is letters, digits, `+ - .`, starting with a letter.
    public static func isAbsoluteURL(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { isAbsoluteURL($0) }
    }

    public static func isAbsoluteURL(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let bytes = utf8.baseAddress, utf8.count > 0, isLetter(bytes[0]) else { return false }
        let count = utf8.count
        var index = 1
        while index < count, isLetter(bytes[index]) || isDigit(bytes[index])
                || bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: ".") {
            index += 1
        }
        guard count - index > 3,
              bytes[index] == UInt8(ascii: ":"), bytes[index + 1] == UInt8(ascii: "/"), bytes[index + 2] == UInt8(ascii: "/") else {
            return false
        }
        let authorityStart = index + 3
        guard bytes[authorityStart] != UInt8(ascii: "/"), bytes[authorityStart] != UInt8(ascii: "?"),
              bytes[authorityStart] != UInt8(ascii: "#") else { return false }
        // No white space or control character anywhere (the scheme has none);
        // eight bytes at a time, then one by one.
        index = authorityStart
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        while count - index >= 8 {
            let word = UnsafeRawPointer(bytes + index).loadUnaligned(as: UInt64.self)
            let delete = word ^ (ones &* 0x7F)
            let atMostSpace = (word &- ones &* 0x21) & ~word & highs
            let isDelete = (delete &- ones) & ~delete & highs
            if atMostSpace | isDelete != 0 { return false }
            index += 8
        }
        while index < count {
            let byte = bytes[index]
            if byte <= 0x20 || byte == 0x7F { return false }
            index += 1
        }
        return true
    }

    /// True for 36 bytes in 8-4-4-4-12 hex form, any case: five 8-byte
    /// words checked at once (the dashes first swapped for a digit).
    public static func isUUID(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        guard utf8.count == 36, let base = utf8.baseAddress else { return false }
        guard base[8] == 0x2D, base[13] == 0x2D, base[18] == 0x2D, base[23] == 0x2D else { return false }
        let raw = UnsafeRawPointer(base)
        func word(_ offset: Int) -> UInt64 { UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) }
        func digit(at byte: UInt64) -> UInt64 { 0x30 << (byte * 8) }
        func dash(at byte: UInt64) -> UInt64 { 0xFF << (byte * 8) }
        let first = word(0)
        let second = (word(9) & ~dash(at: 4)) | digit(at: 4)                                   // 9…16, dash at 13
        let third = (word(17) & ~dash(at: 1) & ~dash(at: 6)) | digit(at: 1) | digit(at: 6)     // 17…24, dashes at 18, 23
        return isHex8(first) && isHex8(second) && isHex8(third) && isHex8(word(25)) && isHex8(word(28))
    }

    /// Are all eight bytes hex digits, either case?
    @inline(__always) static func isHex8(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        guard word & highs == 0 else { return false }
        // Bytes under 0x80, so adding at most 0x50 never carries into the next byte.
        let isDigit = (word &+ ones &* (0x80 - 0x30)) & ~(word &+ ones &* (0x80 - 0x3A)) & highs
        let lower = word | ones &* 0x20
        let isLetter = (lower &+ ones &* (0x80 - 0x61)) & ~(lower &+ ones &* (0x80 - 0x67)) & highs
        return isDigit | isLetter == highs
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
            throw ToolError(.usage, startsWithScheme(text) ? "malformed URL" : "no scheme: write http:// or https://")
        }
        guard scheme == "http" || scheme == "https" else {
            throw ToolError(.usage, "unsupported scheme '\(scheme)' (only http and https)")
        }
        return text
    }

    /// `https:…`, `mailto:…`: a scheme's letters and a colon, not a host's
    /// name and port (`localhost:8080/…`).
    private static func startsWithScheme(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), let first = bytes.first, isLetter(first),
              bytes[..<colon].allSatisfy({ isLetter($0) || isDigit($0) || "+-.".utf8.contains($0) }) else { return false }
        return !(bytes.dropFirst(colon + 1).first.map(isDigit) ?? false)
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }
}
