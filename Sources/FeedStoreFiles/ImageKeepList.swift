import FeedCore

/// The image files a feed keeps when it replaces the cached one: those of
/// its URLs, by name (the SHA-256 of the URL).
struct ImageKeepList {
    private let urls: Set<String>
    private let names: Set<String>
    /// A Set<String> holds one of two URLs that differ only in Unicode
    /// normalisation (`é` and `e` + U+0301 are equal Strings), so with
    /// non-ASCII URLs an image is dropped only if the URL it was stored
    /// under is not in the set either.
    private let exact: Bool

    init(_ urls: Set<String>) {
        self.urls = urls
        names = Set(urls.map { ImageCacheFile.name(for: $0) })
        exact = urls.allSatisfy { $0.utf8.allSatisfy { $0 < 0x80 } }
    }

    func keeps(_ name: String, in images: CacheDirectory) -> Bool {
        if names.contains(name) { return true }
        if exact { return false }
        guard let bytes = try? images.read(name), let url = ImageCacheFile.storedURL(bytes) else { return false }
        return urls.contains(url)
    }
}
