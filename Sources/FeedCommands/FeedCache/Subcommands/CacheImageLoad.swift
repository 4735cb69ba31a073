import FeedCore

/// `feed-cache image load URL`.
struct CacheImageLoad: CacheSubcommand {
    let cache: OpenCache

    /// Writes the cached image data of `url`, byte for byte.
    func run(_ url: String) throws {
        guard Identifiers.isAbsoluteURL(url) else { throw CommandStop.failure(ToolError(.usage, "malformed URL"), url: url) }
        let data: [UInt8]
        do {
            data = try imageLoader.loadImageData(from: url)
        } catch {
            throw CommandStop.failure(error, url: url)
        }
        try stage.output.emit(bytes: data)
    }
}
