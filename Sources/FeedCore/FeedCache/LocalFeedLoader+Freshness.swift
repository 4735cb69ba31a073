extension LocalFeedLoader {
    /// Until when the cached feed saved from exactly `url` needs no request:
    /// the freshness its response stated, never past the feed's own expiry;
    /// nil if it is not fresh now (or there is none, or the cache cannot be
    /// read: the request is then made). Reads only.
    public func freshUntil(savedFrom url: String) -> Timestamp? {
        guard let cached = try? store.retrieve(), let validators = cached.validators, validators.url == url,
              (try? checkShape(of: cached)) != nil,
              let until = validators.fresh(until: cached.timestamp.adding(seconds: policy.maxAge)),
              currentDate() < until else { return nil }
        return until
    }

    /// For a fresh record: the cached feed saved from `url`, as `load` gives
    /// it (expired, or none from that URL: `load`'s errors, and `not-found`).
    public func loadFresh(savedFrom url: String) throws(ToolError) -> CachedFeed {
        let cached = try load()
        guard cached.validators?.url == url else {
            throw ToolError(.notFound, "a fresh record came for \(url), but no feed saved from it is cached")
        }
        return cached
    }
}

extension LocalFeedLoader {
    /// The cached feed as it is, expired or not (for a report); nil when
    /// there is none; the error `load` would give when it cannot be read.
    public func inspect() throws(ToolError) -> CachedFeed? {
        let cached: CachedFeed?
        do {
            cached = try store.retrieve()
        } catch {
            throw CacheFailure.wrapping(error, default: .retrieval, "cannot read the cached feed")
        }
        guard let cached else { return nil }
        try checkShape(of: cached)
        return cached
    }

    /// When a feed saved at `timestamp` expires (the max age after it).
    public func expiry(ofFeedSavedAt timestamp: Timestamp) -> Timestamp {
        timestamp.adding(seconds: policy.maxAge)
    }
}
