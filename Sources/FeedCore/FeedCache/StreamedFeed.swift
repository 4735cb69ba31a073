/// A feed being written to the store while it is checked: its document
/// given as it grows (`FeedDocumentSink`), then made the cached feed at
/// once, or thrown away. Until one of the two, the store's other writers wait.
public protocol StreamedFeed: FeedDocumentSink {
    /// Replaces the cached feed with `feed`, whose document is the one given
    /// (the rest of it is written now), then drops the image data of URLs
    /// not in `imageURLs`, as `FeedStore.insert` does.
    func commit(_ feed: CachedFeed, keepingImageDataFor imageURLs: @autoclosure () -> Set<String>) throws
    /// Throws away what was written; the cache is as it was.
    func abandon()
}

/// A store that can take a feed while it is checked (`FileSystemFeedStore`).
public protocol FeedStreamingStore {
    /// A new feed to write into; nil where the store writes only after the
    /// check (a cache not made yet, so that input that fails makes none).
    func beginFeed() throws -> StreamedFeed?
}
