import FeedCore

/// `--format text`: records for people rather than for the next stage.
public enum TextFormat {
    /// Each comment as: the username and how long ago, then the message
    /// indented, then a blank line between comments.
    public static func comments(_ comments: [ImageComment], now: Int64) -> String {
        comments.map { comment in
            "\(comment.username), \(RelativeDate.describe(comment.createdAt, relativeTo: now))\n" + indented(comment.message)
        }.joined(separator: "\n")
    }

    /// Each feed item as: description (or "(no description)"), then location
    /// and url indented; a blank line between items. Works for any item keys.
    public static func feed(_ items: [JSON]) -> String {
        items.map(feedItem).joined(separator: feedItemSeparator)
    }

    /// One item of `feed`, for a writer that streams them; `feedItemSeparator`
    /// goes between two.
    public static func feedItem(_ item: JSON) -> String {
        func text(_ field: FeedItemField) -> String? { item[field.name]?.stringValue }
        var lines = oneLine(text(.description) ?? text(.author) ?? "(no description)") + "\n"
        if let location = text(.location) { lines += "  " + oneLine(location) + "\n" }
        if case .number(let likes)? = item[FeedItemField.likes.name] { lines += "  \(likes) \(likes == "1" ? "like" : "likes")\n" }
        if let url = text(.url) { lines += "  " + url + "\n" }
        return lines
    }

    public static let feedItemSeparator = "\n"

    private static func indented(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { "  \($0)\n" }.joined()
    }

    private static func oneLine(_ text: String) -> String {
        // Most texts have no line break: no newline scalar (U+000A to U+000D,
        // U+0085, U+2028, U+2029) means no Character is one, and splitting
        // by Characters, which is slow, would give the text back.
        guard hasNewlineScalar(text) else { return text }
        return text.split(whereSeparator: \.isNewline).joined(separator: " ")
    }

    /// Whether the UTF-8 holds U+000A to U+000D, U+0085 (C2 85), U+2028 or
    /// U+2029 (E2 80 A8, E2 80 A9). Eight bytes at a time while they are
    /// ASCII at or above 0x0E, which none of those can start in.
    private static func hasNewlineScalar(_ text: String) -> Bool {
        text.utf8.withContiguousStorageIfAvailable(hasNewlineScalar) ?? hasNewlineScalar(Array(text.utf8))
    }

    private static func hasNewlineScalar(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer(hasNewlineScalar)
    }

    private static func hasNewlineScalar(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        var index = 0
        while index < bytes.count {
            if bytes.count - index >= 8 {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                let below0E = (word &- ones &* 0x0E) & ~word & highs
                if below0E == 0 && word & highs == 0 {
                    index += 8
                    continue
                }
            }
            let byte = base[index]
            if byte &- 0x0A < 4 { return true }
            if byte == 0x85, index >= 1, base[index - 1] == 0xC2 { return true }
            if byte == 0xA8 || byte == 0xA9, index >= 2, base[index - 1] == 0x80, base[index - 2] == 0xE2 { return true }
            index += 1
        }
        return false
    }
}
