extension LocalFeedLoader {
    /// The cached feed, if the cache holds one younger than the max age: its
    /// bytes as the store holds them (in place where the store can lend them).
    public func load() throws(ToolError) -> CachedFeed {
        let cached: CachedFeed?
        do {
            cached = try store.retrieve()
        } catch {
            throw CacheFailure.wrapping(error, default: .retrieval, "cannot read the cached feed")
        }
        guard let cached else { throw ToolError(.notFound, "no cached feed") }
        try checkShape(of: cached)
        guard policy.validate(cached.timestamp, against: currentDate()) else {
            throw ToolError(.expired, "cached feed expired: saved \(ISO8601.format(cached.timestamp.seconds)), max age \(FeedCachePolicy.describe(policy.maxAge))")
        }
        return cached
    }

    /// What the store hands back has its header, length and checksum right,
    /// so it is what `save` wrote after checking the whole document (the
    /// checksum finds accidental damage; it is no defence against a file
    /// forged by hand, which the owner of the 0700 directory could as well
    /// write as a valid feed). What is checked again is only what costs
    /// nothing: the `{"items":[…]}` envelope and newline every saved document has.
    func checkShape(of cached: CachedFeed) throws(ToolError) {
        let head = Array("{\"items\":[".utf8), tail = Array("]}\n".utf8)
        let whole = cached.document.withUnsafeBytes { document in
            document.count >= head.count + tail.count
                && document.prefix(head.count).elementsEqual(head)
                && document.suffix(tail.count).elementsEqual(tail)
        }
        guard whole else { throw ToolError(.retrieval, "cannot read the cached feed: it is not a feed document") }
    }
}
