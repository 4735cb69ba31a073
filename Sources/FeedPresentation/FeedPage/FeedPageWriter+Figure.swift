import FeedCore

extension FeedPageWriter {
    /// One item as a `<figure>` (`FeedPageFigure`), its image's base64 sent
    /// a chunk at a time.
    public mutating func writeFigure(_ item: FeedPageItem, _ image: FeedPageImage) throws(Failure) {
        try item.texts.withBytes { (texts) throws(Failure) in try writeFigure(texts, image) }
    }

    /// The same from the item's texts' bytes (its url among them).
    public mutating func writeFigure(_ item: FeedItemTextBytes, _ image: FeedPageImage) throws(Failure) {
        switch image {
        case .embedded(let type, let data):
            appendMarkup { FeedPageFigure.appendImageOpening(item, type, to: $0) }
            try append(base64: data)
            appendMarkup { FeedPageFigure.appendImageClosing(item, to: $0) }
        case .placeholder(let why):
            appendMarkup { FeedPageFigure.appendPlaceholder(item, why, to: $0) }
        }
        try sendIfFull()
    }
}
