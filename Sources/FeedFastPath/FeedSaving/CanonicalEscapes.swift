import FeedCore

/// Does a string's text hold only the escapes `JSONWriter` writes? A quote,
/// a backslash and the control characters, each in its one spelling (`\n`,
/// `\u001f`); everything else raw. Then the text reads back and is written
/// again byte for byte, and `FastFeedSave` can store it as it stands. The
/// writer's spellings are FeedCore's (`JSONEscapes`), the writer's own.
enum CanonicalEscapes {
    static func hold(in span: JSONSpan, _ scanner: JSONScanner) -> Bool {
        guard span.escaped else { return true }
        let text = scanner.base + span.start
        var index = 0
        while index < span.count {
            guard text[index] == 0x5C else { index += 1; continue }
            guard let length = JSONEscapes.writersLength(at: text + index, available: span.count - index) else { return false }
            index += length
        }
        return true
    }
}
