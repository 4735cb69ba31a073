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
        page.append("<figure><img class=\"image\" alt=\"")
        if let alt = altText(item) { HTMLText.append(utf8: alt, to: page) }
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

    /// The image's text alternative: what the item says of it, else nothing
    /// (an empty `alt`: the caption beside it says all there is).
    static func altText(_ item: FeedItemTextBytes) -> UnsafeBufferPointer<UInt8>? {
        item.description ?? item.location ?? item.author
    }

    /// The caption's lines, in the order the page shows them: the author,
    /// the description, the location, the likes; each with its class, its
    /// text, and what follows the text (the likes' unit).
    static func forEachCaptionLine(_ item: FeedItemTextBytes,
                                   _ body: (_ name: StaticString, _ text: UnsafeBufferPointer<UInt8>, _ unit: StaticString) -> Void) {
        if let author = item.author { body("author", author, "") }
        if let description = item.description { body("description", description, "") }
        if let location = item.location { body("location", location, "") }
        if let likes = item.likes { body("likes", likes, likes.count == 1 && likes[0] == 0x31 ? " like" : " likes") }
    }

    /// The caption, if the item has any text, and the figure's end.
    private static func appendCaption(_ item: FeedItemTextBytes, to page: OutputBytes) {
        var captioned = false
        forEachCaptionLine(item) { name, text, unit in
            if !captioned { page.append("<figcaption>") }
            captioned = true
            page.append("<p class=\"")
            page.append(name)
            page.append("\">")
            HTMLText.append(utf8: text, to: page)
            page.append(unit)
            page.append("</p>")
        }
        if captioned { page.append("</figcaption>") }
        page.append("</figure>\n")
    }
}
