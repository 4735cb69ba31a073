import FeedCore

/// The markup of one item's `<figure>`, appended to a page's bytes from the
/// item's shown texts: its image (embedded as a `data:` URI, whose base64
/// the writer streams between the opening and the closing) or a placeholder
/// box naming its URL, then a caption of its texts. Every text from the feed
/// is escaped, in content and in attributes alike. Not generic, so that it
/// is compiled once, for every writer.
enum FeedPageFigure {
    /// Up to the image's base64.
    static func appendImageOpening(_ item: FeedItemTextBytes, _ type: ImageMediaType, to page: OutputBytes) {
        page.append("<figure><img class=\"image\" dir=\"auto\" alt=\"")
        if let alt = altText(item) { appendShortened(alt, to: page) }
        page.append("\" src=\"data:")
        page.append(string: type.rawValue)
        page.append(";base64,")
    }

    /// After the image's base64: the rest of the figure.
    static func appendImageClosing(_ item: FeedItemTextBytes, to page: OutputBytes) {
        page.append("\">")
        appendCaption(item, to: page)
    }

    /// The whole figure, with a placeholder saying why there is no image.
    static func appendPlaceholder(_ item: FeedItemTextBytes, _ why: FeedPageImage.Placeholder, to page: OutputBytes) {
        // The reason is the toolset's own text, with nothing to escape.
        page.append("<figure><div class=\"image placeholder\" role=\"img\" aria-label=\"No image (")
        page.append(string: why.rawValue)
        page.append("): ")
        let url = page.count
        if let text = item.url { HTMLText.append(utf8: text, to: page) }
        let escapedURL = page.count
        page.append("\"><span class=\"why\">")
        page.append(string: why.rawValue)
        page.append("</span><span class=\"url\">")
        page.appendAgain(from: url, to: escapedURL)
        page.append("</span></div>")
        appendCaption(item, to: page)
    }

    /// The image's text alternative: what the item says of it (the first
    /// caption field marked `alt` in the table that it has), else nothing
    /// (an empty `alt`: the caption beside it says all there is). Only its
    /// start is written (`appendShortened`).
    static func altText(_ item: FeedItemTextBytes) -> UnsafeBufferPointer<UInt8>? {
        for shown in Caption.shared.alt.elements {
            if let text = nonEmpty(item[shown]) { return text }
        }
        return nil
    }

    /// The most characters (grapheme clusters) of an `alt`: a screen reader
    /// reads the start of a long description, the caption holds the rest.
    static let altCharacters = 200

    /// The first words of `text`, escaped: all of it when it has at most
    /// `altCharacters` characters, else its characters up to the last space
    /// within them (or all of them, when there is no space), then "…".
    /// Never cut inside a character.
    static func appendShortened(_ text: UnsafeBufferPointer<UInt8>, to page: OutputBytes) {
        // A character is at least one byte: a short text needs no counting.
        guard text.count > altCharacters else { return HTMLText.append(utf8: text, to: page) }
        let whole = String(decoding: text, as: UTF8.self)
        guard whole.count > altCharacters else { return HTMLText.append(utf8: text, to: page) }
        var start = whole.prefix(altCharacters)
        if let space = start.lastIndex(where: \.isWhitespace), space > start.startIndex {
            start = start[..<space]
        }
        HTMLText.append(String(start), to: page)
        page.append("…")
    }

    /// A body text longer than this many bytes is clamped on its card, the
    /// whole of it a click away (`<details>`).
    static let clampedBodyBytes = 280

    /// A text that is there and not empty: an empty one gets no line.
    private static func nonEmpty(_ text: UnsafeBufferPointer<UInt8>?) -> UnsafeBufferPointer<UInt8>? {
        guard let text, !text.isEmpty else { return nil }
        return text
    }

    /// The caption's lines, in the order the page shows them: the leads,
    /// then the others in the table's order (`FeedItemField.page`); each
    /// with its field, its text, and what follows the text (its unit).
    @inline(__always) static func forEachCaptionLine(_ item: FeedItemTextBytes,
                                   _ body: (_ line: CaptionLine, _ text: UnsafeBufferPointer<UInt8>, _ unit: UnitWords) -> Void) {
        for line in Caption.shared.lines.elements {
            guard let text = nonEmpty(item[line.shown]) else { continue }
            body(line, text, UnitWords(bytes: line.unit?.words(after: text) ?? UnsafeBufferPointer(start: nil, count: 0)))
        }
    }

    /// A line of the caption: the field it shows, the class it is shown with
    /// (the field's name), its style and unit.
    struct CaptionLine: Sendable, CustomStringConvertible {
        let shown: ShownField
        let name: TableBytes
        let style: FeedItemField.CaptionStyle
        let unit: UnitBytes?

        var description: String { name.text }
    }

    /// What follows a caption line's text.
    struct UnitWords: CustomStringConvertible {
        let bytes: UnsafeBufferPointer<UInt8>

        var description: String { String(decoding: bytes, as: UTF8.self) }
    }

    /// The caption's lines and the `alt`'s candidates, worked out once from
    /// the table.
    struct Caption: Sendable {
        let lines: TableList<CaptionLine>
        let alt: TableList<ShownField>

        static let shared = Caption()

        private init() {
            var leads: [CaptionLine] = [], others: [CaptionLine] = [], alt: [ShownField] = []
            for shown in ShownField.allCases {
                let field = shown.field
                guard case .caption(let style, let isAlt) = field.page else { continue }
                let line = CaptionLine(shown: shown, name: TableBytes(field.name), style: style, unit: field.unit.map(UnitBytes.init))
                if style == .lead { leads.append(line) } else { others.append(line) }
                if isAlt { alt.append(shown) }
            }
            (self.lines, self.alt) = (TableList(leads + others), TableList(alt))
        }

        /// The class names of the lines in `style`.
        static func names(_ style: FeedItemField.CaptionStyle) -> [String] {
            shared.lines.elements.filter { $0.style == style }.map(\.description)
        }
    }

    /// The caption, if the item has any text, and the figure's end.
    @inline(__always) private static func appendCaption(_ item: FeedItemTextBytes, to page: OutputBytes) {
        var captioned = false
        forEachCaptionLine(item) { line, text, unit in
            if !captioned { page.append("<figcaption>") }
            captioned = true
            // Each text laid out in its own direction (Hebrew, Arabic: right to left).
            if text.count > clampedBodyBytes && line.style == .body {
                // Clamped on its card; the whole text is in the summary, opened without script.
                page.append("<details class=\"")
                page.append(line.name.bytes)
                page.append("\"><summary dir=\"auto\">")
                HTMLText.append(utf8: text, to: page)
                page.append("</summary></details>")
                return
            }
            page.append("<p class=\"")
            page.append(line.name.bytes)
            page.append("\" dir=\"auto\">")
            HTMLText.append(utf8: text, to: page)
            page.append(unit.bytes)
            page.append("</p>")
        }
        if captioned { page.append("</figcaption>") }
        page.append("</figure>\n")
    }
}
