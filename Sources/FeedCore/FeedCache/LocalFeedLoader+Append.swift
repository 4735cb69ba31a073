extension LocalFeedLoader {
    /// "Load more": replaces the cached feed with its own items followed by
    /// `feed`'s (an id already cached dropped from `feed`), timestamped now,
    /// and returns the bytes it stored, as `save` does.
    @discardableResult
    public func append(_ feed: LocalFeed) throws(ToolError) -> [UInt8] {
        try save(LocalFeed(pages: [feedToAppendTo(), feed]))
    }

    /// The items `append` keeps first: the feed `load` would give, else none.
    /// A cache that is absent, expired, or cannot be read as a feed counts as
    /// empty: it is what `validate` would delete, and this save replaces it.
    private func feedToAppendTo() -> LocalFeed {
        guard let cached = try? load(), let items = try? cached.document.feedItems(),
              let feed = try? LocalFeed(validatingItems: items) else { return .empty }
        return feed
    }
}
