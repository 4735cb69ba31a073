import FeedCore
import FeedPresentation

extension FeedCacheSubcommands {
    /// Writes a feed the cache holds in the chosen format: the exact stored
    /// bytes where the output takes compact documents, else read and shown.
    /// `savedAt` is when it was saved (nil: just now, by `save`).
    func show(_ document: CachedBytes, savedAt: Timestamp? = nil) throws {
        switch format {
        case .json, .text:
            if stage.output.takesCompactDocuments {
                return try document.withUnsafeBytes { (bytes) throws(CommandStop) in try stage.output.emit(raw: bytes) }
            }
            try stage.output.show(FeedDocument(items: try items(of: document)))
        case .ids:
            try showIDs(of: document)
        case .html:
            try showPage(of: document, savedAt: savedAt ?? stage.io.now())
        }
    }

    /// Each item's id as it was saved, one a line, nothing else.
    private func showIDs(of document: CachedBytes) throws {
        var lines: [UInt8] = []
        for item in try items(of: document) {
            guard let id = item[FeedItemField.id.name]?.stringValue else {
                throw ToolError(.retrieval, "cannot read the cached feed: an item has no id")
            }
            lines += id.utf8
            lines.append(0x0A)
        }
        try stage.output.emit(bytes: lines)
    }

    /// The feed as one HTML page, streamed a figure at a time. All that can
    /// fail the page (the items) is checked before its first byte; an image
    /// whose cached data cannot be read is a placeholder, as one not cached.
    private func showPage(of document: CachedBytes, savedAt: Timestamp) throws {
        let items = try items(of: document).map { (item) throws(ToolError) -> FeedPageItem in
            guard let item = FeedPageItem(item) else { throw ToolError(.retrieval, "cannot read the cached feed: an item has no url") }
            return item
        }
        var page = FeedPageWriter { (bytes) throws(CommandStop) in try stage.output.emit(raw: bytes) }
        try page.writePage(items, savedAt: savedAt) { item in
            do throws(ToolError) {
                return FeedPageImage(cached: try imageLoader.loadImageData(from: item.url))
            } catch {
                return .placeholder(error.kind == .notFound ? .notCached : .unreadable)
            }
        }
    }

    /// The items of a document the cache holds.
    private func items(of document: CachedBytes) throws(ToolError) -> [JSON] {
        func unreadable(_ why: String) -> ToolError { ToolError(.retrieval, "cannot read the cached feed: \(why)") }
        let value: JSON
        do {
            value = try JSONReader.parseSingle(document.array)
        } catch {
            throw unreadable("\(error)")
        }
        guard case .object(let object) = value else { throw unreadable("it is not a feed document") }
        do {
            return try PayloadItems.items(in: object, what: "feed")
        } catch {
            throw unreadable(error.message)
        }
    }
}
