/// What a one-line message on stderr may hold.
enum MessageText {
    /// A subject cut to a length a terminal line can show (a 50 MB URL is
    /// named by its start); the error record keeps it whole.
    static func shortened(_ text: String, limit: Int = 300) -> String {
        guard text.utf8.count > limit else { return text }
        return String(text.prefix(limit)) + "…"
    }

    /// Control characters (a newline in a URL, say) would break the one-line rule.
    static func oneLine(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.map {
            $0.value < 0x20 || $0.value == 0x7F ? " " : $0
        }))
    }
}
