/// A URL's password (`http://user:PASSWORD@host/`) is a secret, as a header's
/// value is: wherever a URL is shown to people (an error message, its record,
/// `-v`) the password is replaced by `[hidden]`, and the user name kept. The
/// one place that finds it: the user info is what comes before the last `@`
/// of the authority (up to the first `/`, `?`, `#`, blank, quote or control
/// byte), and the password is what follows its first colon.
public enum URLPassword {
    public static let hiddenMark = "[hidden]"

    /// Every `scheme://` URL in `text` with its password hidden.
    public static func hidden(in text: String) -> String {
        let bytes = Array(text.utf8)
        guard let shown = hidden(in: bytes[...]) else { return text }
        return String(decoding: shown, as: UTF8.self)
    }

    /// One URL with its password hidden, also one written without a scheme
    /// (`user:secret@host/path`, as a mistyped argument may be).
    public static func hidden(inURL url: String) -> String {
        let bytes = Array(url.utf8)
        if containsSchemeSeparator(bytes[...]) { return hidden(in: url) }
        let (shown, _, changed) = authority(bytes[...], from: 0)
        return changed ? String(decoding: shown + bytes[authorityEnd(bytes[...], from: 0)...], as: UTF8.self) : url
    }

    /// `bytes` with every URL's password hidden; nil when there was none.
    public static func hidden(in bytes: ArraySlice<UInt8>) -> [UInt8]? {
        guard containsSchemeSeparator(bytes) else { return nil }
        var shown: [UInt8] = []
        var changed = false
        var index = bytes.startIndex
        while index < bytes.endIndex {
            if isSchemeSeparator(bytes, at: index) {
                shown += bytes[index..<(index + 3)]
                let (part, end, hid) = authority(bytes, from: index + 3)
                shown += part
                changed = changed || hid
                index = end
            } else {
                shown.append(bytes[index])
                index += 1
            }
        }
        return changed ? shown : nil
    }

    private static func containsSchemeSeparator(_ bytes: ArraySlice<UInt8>) -> Bool {
        bytes.indices.contains { isSchemeSeparator(bytes, at: $0) }
    }

    private static func isSchemeSeparator(_ bytes: ArraySlice<UInt8>, at index: Int) -> Bool {
        index + 2 < bytes.endIndex && bytes[index] == UInt8(ascii: ":")
            && bytes[index + 1] == UInt8(ascii: "/") && bytes[index + 2] == UInt8(ascii: "/")
    }

    /// The authority starting at `start`, its password hidden; where it ends;
    /// whether there was a password.
    private static func authority(_ bytes: ArraySlice<UInt8>, from start: Int) -> (shown: [UInt8], end: Int, changed: Bool) {
        let end = authorityEnd(bytes, from: start)
        let authority = bytes[start..<end]
        guard let at = authority.lastIndex(of: UInt8(ascii: "@")),
              let colon = authority[..<at].firstIndex(of: UInt8(ascii: ":")) else { return (Array(authority), end, false) }
        return (Array(bytes[start...colon]) + Array(hiddenMark.utf8) + Array(bytes[at..<end]), end, true)
    }

    private static func authorityEnd(_ bytes: ArraySlice<UInt8>, from start: Int) -> Int {
        var end = start
        while end < bytes.endIndex, !"/?#'\"<>\\ ".utf8.contains(bytes[end]), bytes[end] > 0x20, bytes[end] != 0x7F { end += 1 }
        return end
    }
}
