import FeedCore

/// What a one-line message on stderr may hold.
enum MessageText {
    /// A subject cut to a length a terminal line can show (a 50 MB URL is
    /// named by its start); the error record keeps it whole.
    static func shortened(_ text: String, limit: Int = 300) -> String {
        guard text.utf8.count > limit else { return text }
        return String(text.prefix(limit)) + "…"
    }

    /// Control characters (a newline in a URL, an escape sequence in a
    /// server's message) would break the one-line rule or reach the terminal:
    /// each is shown as every text people read shows it (`ControlEscape`).
    static func oneLine(_ text: String) -> String {
        ControlEscape.escaped(text)
    }
}
