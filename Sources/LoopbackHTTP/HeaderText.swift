// The text operations on header names and values: ASCII only, no locale or ICU needed.

/// ASCII-only lowercasing (header names are ASCII).
func asciiLowercased(_ text: String) -> String {
    var bytes = Array(text.utf8)
    for index in bytes.indices where bytes[index] >= 65 && bytes[index] <= 90 {
        bytes[index] += 32
    }
    return String(decoding: bytes, as: UTF8.self)
}

/// Whether any `name` header (lowercase name; compared case-insensitively) lists `token` in its
/// comma-separated value.
func hasToken(_ headers: [(String, String)], _ name: String, _ token: String) -> Bool {
    headers.contains { header in
        asciiLowercased(header.0) == name
            && header.1.split(separator: ",").contains { asciiLowercased(String($0).trimmingSpaces()) == token }
    }
}

extension String {
    /// Without leading and trailing spaces and tabs.
    func trimmingSpaces() -> String {
        let bytes = Array(utf8)
        var start = 0
        var end = bytes.count
        while start < end && (bytes[start] == 32 || bytes[start] == 9) { start += 1 }
        while end > start && (bytes[end - 1] == 32 || bytes[end - 1] == 9) { end -= 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    /// CR and LF replaced by spaces, so a header cannot break the framing.
    func strippingLineBreaks() -> String {
        String(decoding: utf8.map { $0 == 13 || $0 == 10 ? 32 : $0 }, as: UTF8.self)
    }
}
