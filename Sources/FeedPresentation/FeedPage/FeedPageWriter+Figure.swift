import FeedCore

extension FeedPageWriter {
    /// One item as a `<figure>`: its image (embedded as a `data:` URI) or a
    /// placeholder box naming its URL, then a caption of its texts. Every
    /// text from the feed is escaped, in content and in attributes alike.
    public mutating func writeFigure(_ item: FeedPageItem, _ image: FeedPageImage) throws(Failure) {
        append("<figure>")
        switch image {
        case .embedded(let type, let data):
            append("<img class=\"image\" alt=\"")
            append(escaped: item.altText)
            append("\" src=\"data:\(type.rawValue);base64,")
            try append(base64: data)
            append("\">")
        case .placeholder(let why):
            append("<div class=\"image placeholder\" role=\"img\" aria-label=\"")
            append(escaped: "No image (\(why.rawValue)): \(item.url)")
            append("\"><span class=\"why\">\(why.rawValue)</span><span class=\"url\">")
            append(escaped: item.url)
            append("</span></div>")
        }
        let lines = item.captionLines
        if !lines.isEmpty {
            append("<figcaption>")
            for line in lines {
                append("<p class=\"\(line.name)\">")
                append(escaped: line.text)
                append("</p>")
            }
            append("</figcaption>")
        }
        append("</figure>\n")
        try sendIfFull()
    }
}
