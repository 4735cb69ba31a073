extension LocalFeedLoader {
    /// `load` without a copy: lends the cached document's bytes to `deliver`
    /// if the cache holds a feed younger than the max age.
    public func load(_ deliver: (UnsafeRawBufferPointer) -> Void) throws(ToolError) {
        let found: Bool?
        do {
            found = try store.withCachedFeed { cached throws(ToolError) -> Bool in
                guard LocalFeedLoader.hasFeedEnvelope(cached.document) else {
                    throw ToolError(.retrieval, "cannot read the cached feed: it is not a feed document")
                }
                guard policy.validate(cached.timestamp, against: currentDate()) else {
                    throw LocalFeedLoader.expired(cached.timestamp, policy)
                }
                deliver(cached.document)
                return true
            }
        } catch {
            throw LocalFeedLoader.failure(error, default: .retrieval, "cannot read the cached feed")
        }
        guard found != nil else { throw ToolError(.notFound, "no cached feed") }
    }

    /// What every stored document looks like, as `save` writes it:
    /// `{"items":[…]}` and a newline.
    static func hasFeedEnvelope(_ document: UnsafeRawBufferPointer) -> Bool {
        let head = Array("{\"items\":[".utf8), tail = Array("]}\n".utf8)
        return document.count >= head.count + tail.count
            && document.prefix(head.count).elementsEqual(head)
            && document.suffix(tail.count).elementsEqual(tail)
    }

    static func expired(_ timestamp: Timestamp, _ policy: FeedCachePolicy) -> ToolError {
        ToolError(.expired, "cached feed expired: saved \(ISO8601.format(timestamp.seconds)), max age \(FeedCachePolicy.describe(policy.maxAge))")
    }
}
