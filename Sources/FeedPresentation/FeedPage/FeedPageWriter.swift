import FeedCore

/// Writes a feed page as a stream, through `send`: the head, then each
/// figure as it is made, then the tail. What it holds at once is one
/// chunk of the page and the one image it is writing, never the whole page,
/// so its memory is bounded by the largest image, not by the feed.
public struct FeedPageWriter<Failure: Error> {
    /// How many bytes it gathers before it sends them.
    static var chunkSize: Int { 64 * 1024 }

    private let send: (UnsafeRawBufferPointer) throws(Failure) -> Void
    private let pending = OutputBytes(capacity: Self.chunkSize + 4096)

    public init(send: @escaping (UnsafeRawBufferPointer) throws(Failure) -> Void) {
        self.send = send
    }

    /// The whole page: `items` in order, each with the image `image` gives
    /// for it, asked for only when its figure is written.
    public mutating func writePage(_ items: [FeedPageItem], savedAt: Timestamp,
                                   image: (FeedPageItem) -> FeedPageImage) throws(Failure) {
        writeHead(itemCount: items.count, savedAt: savedAt)
        for item in items {
            try writeFigure(item, image(item))
        }
        try writeTail()
    }

    /// The page in steps, for items read one at a time: the head (which
    /// names how many there are), a figure each, the tail.
    public mutating func writeHead(itemCount: Int, savedAt: Timestamp) {
        append(FeedPageMarkup.head(itemCount: itemCount, savedAt: savedAt))
    }

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

    public mutating func writeTail() throws(Failure) {
        append(FeedPageMarkup.tail)
        try flush()
    }

    mutating func append(_ markup: String) {
        pending.append(string: markup)
    }

    /// Markup that `build` appends to what is gathered.
    mutating func appendMarkup(_ build: (OutputBytes) -> Void) {
        build(pending)
    }

    /// `bytes` in base64, a chunk at a time, each sent once it is full.
    mutating func append(base64 bytes: [UInt8]) throws(Failure) {
        // A multiple of 3: the chunks' encodings join into the whole's.
        let step = Self.chunkSize / 4 * 3
        var start = 0
        while start < bytes.count {
            let end = min(start + step, bytes.count)
            pending.append(string: Base64.encode(Array(bytes[start..<end])))
            try sendIfFull()
            start = end
        }
    }

    mutating func sendIfFull() throws(Failure) {
        if pending.count >= Self.chunkSize { try flush() }
    }

    /// Sends what is gathered.
    mutating func flush() throws(Failure) {
        guard pending.count > 0 else { return }
        try pending.withBytes { (bytes) throws(Failure) in try send(bytes) }
        pending.removeAll()
    }
}
