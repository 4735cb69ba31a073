import FeedCore

/// `--format text`: records for people rather than for the next stage.
public enum TextFormat {
    /// Each comment as: the username and how long ago, then the message
    /// indented, then a blank line between comments.
    public static func comments(_ comments: [ImageComment], now: Int64) -> String {
        comments.map { comment in
            "\(ControlEscape.escaped(comment.username)), \(RelativeDate.describe(comment.createdAt, relativeTo: now))\n" + indented(comment.message)
        }.joined(separator: "\n")
    }

    /// Each feed item as: its title (or its byline, or "(no description)"),
    /// then its other shown fields indented, each on its own line, none
    /// empty; a blank line between items. Works for any item keys.
    public static func feed(_ items: [JSON]) -> String {
        let bytes = OutputBytes()
        for (index, item) in items.enumerated() {
            if index > 0 { bytes.append(feedItemSeparator) }
            appendFeedItem(FeedItemTexts(item), to: bytes)
        }
        return bytes.text
    }

    /// One item of `feed`, appended, for a writer that streams them;
    /// `feedItemSeparator` goes between two.
    public static func appendFeedItem(_ item: FeedItemTexts, to bytes: OutputBytes) {
        item.withBytes { appendFeedItem($0, to: bytes) }
    }

    /// The same from the texts' bytes, each field as its `FeedItemField.text`
    /// role says. The first line is the title; without one (absent or
    /// empty), the byline, else "(no description)": never an empty line. A
    /// byline beside a title is shown (`by TEXT`) under it; then the other
    /// shown fields, in the table's order.
    public static func appendFeedItem(_ item: FeedItemTextBytes, to bytes: OutputBytes) {
        let plan = TextLines.shared
        let title = first(plan.titles.elements, in: item), byline = first(plan.bylines.elements, in: item)
        appendOneLine(title ?? byline ?? noDescription, to: bytes)
        bytes.append(0x0A)
        if title != nil, let byline {
            bytes.append("  by ")
            appendOneLine(byline, to: bytes)
            bytes.append(0x0A)
        }
        for line in plan.lines.elements {
            switch line.shape {
            case .oneLine:
                guard let text = nonEmpty(item[line.shown]) else { continue }
                bytes.append("  ")
                appendOneLine(text, to: bytes)
            case .number:
                // A number as written: no line break or control character to show otherwise.
                guard let text = item[line.shown] else { continue }
                bytes.append("  ")
                bytes.append(text)
                if let unit = line.unit { bytes.append(unit.words(after: text)) }
            case .verbatim:
                guard let text = item[line.shown] else { continue }
                bytes.append("  ")
                appendShown(text, to: bytes)
            }
            bytes.append(0x0A)
        }
    }

    /// The first of `fields` that the item has, not empty.
    private static func first(_ fields: UnsafeBufferPointer<ShownField>, in item: FeedItemTextBytes) -> UnsafeBufferPointer<UInt8>? {
        for shown in fields {
            if let text = nonEmpty(item[shown]) { return text }
        }
        return nil
    }

    private static let noDescription = StaticString("(no description)").bytes

    /// A text that is there and not empty (an empty one shows as nothing).
    private static func nonEmpty(_ text: UnsafeBufferPointer<UInt8>?) -> UnsafeBufferPointer<UInt8>? {
        guard let text, !text.isEmpty else { return nil }
        return text
    }

    public static let feedItemSeparator: StaticString = "\n"

    /// The fields in each role of `FeedItemField.text`, worked out once from
    /// the table.
    private struct TextLines: Sendable {
        let titles: TableList<ShownField>, bylines: TableList<ShownField>
        let lines: TableList<(shown: ShownField, shape: Shape, unit: UnitBytes?)>

        /// How a line's text is written: on one line, a number as written
        /// (then its unit), or as written with control characters escaped.
        enum Shape { case oneLine, number, verbatim }

        static let shared = TextLines()

        private init() {
            var titles: [ShownField] = [], bylines: [ShownField] = []
            var lines: [(shown: ShownField, shape: Shape, unit: UnitBytes?)] = []
            for shown in ShownField.allCases {
                let field = shown.field
                switch field.text {
                case .title: titles.append(shown)
                case .byline: bylines.append(shown)
                case .line: lines.append((shown, shown.isNumber ? .number : .oneLine, field.unit.map(UnitBytes.init)))
                case .verbatim: lines.append((shown, .verbatim, nil))
                case .notShown: break
                }
            }
            (self.titles, self.bylines, self.lines) = (TableList(titles), TableList(bylines), TableList(lines))
        }
    }

    private static func indented(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { "  \(ControlEscape.escaped(String($0)))\n" }.joined()
    }

    /// `text` on one line: its line breaks (any Character that is one)
    /// each a space, then shown as `appendShown` does.
    private static func appendOneLine(_ text: UnsafeBufferPointer<UInt8>, to bytes: OutputBytes) {
        // Most texts have no line break: no newline scalar (U+000A to U+000D,
        // U+0085, U+2028, U+2029) means no Character is one, and splitting
        // by Characters, which is slow, would give the text back.
        guard hasNewlineScalar(text) else { return appendShown(text, to: bytes) }
        var joined = String(decoding: text, as: UTF8.self).split(whereSeparator: \.isNewline).joined(separator: " ")
        joined.withUTF8 { appendShown($0, to: bytes) }
    }

    /// `text` with each control character escaped as everything people read
    /// escapes it (`ControlEscape`); most texts have none and go as they are.
    private static func appendShown(_ text: UnsafeBufferPointer<UInt8>, to bytes: OutputBytes) {
        guard ControlEscape.needsEscaping(text) else { return bytes.append(text) }
        var escaped: [UInt8] = []
        ControlEscape.append(text, to: &escaped)
        escaped.withUnsafeBufferPointer { bytes.append($0) }
    }

    /// Whether the UTF-8 holds U+000A to U+000D, U+0085 (C2 85), U+2028 or
    /// U+2029 (E2 80 A8, E2 80 A9). Eight bytes at a time while they are
    /// ASCII at or above 0x0E, which none of those can start in.
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
