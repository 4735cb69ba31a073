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
        var lines: [String] = [oneLine(text(.description) ?? text(.author) ?? "(no description)")]
        if let location = text(.location) { lines.append("  \(oneLine(location))") }
        if case .number(let likes)? = item[FeedItemField.likes.name] { lines.append("  \(likes) \(likes == "1" ? "like" : "likes")") }
        if let url = text(.url) { lines.append("  \(url)") }
        return lines.joined(separator: "\n") + "\n"
    }

    public static let feedItemSeparator = "\n"

    private static func indented(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { "  \($0)\n" }.joined()
    }

    private static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).joined(separator: " ")
    }
}
