/// A feed checked for the cache and written out: the document's bytes as
/// the cache will store them, and the URLs whose image data stays with it,
/// worked out only if the store asks (a cache with no image files needs
/// none, and a large feed's set is large).
public struct CheckedFeed {
    public let document: CachedBytes
    public let imageURLs: () -> Set<String>

    public init(document: CachedBytes, imageURLs: @escaping () -> Set<String>) {
        self.document = document
        self.imageURLs = imageURLs
    }
}

extension LocalFeed {
    /// This feed as the cache stores it: its items as given, in order.
    public var checked: CheckedFeed {
        let urls = imageURLs
        return CheckedFeed(document: CachedBytes(JSONWriter().line(document.json))) { urls }
    }
}
