extension LocalFeedLoader {
    /// "Not modified": a 304 for the URL the cached feed was saved from. The
    /// cached feed, expired or not, is timestamped now, each validator the
    /// 304 carries replacing the stored one of its kind; returns the stored
    /// document (as `save` does). A feed saved from another URL, or none, or
    /// one that cannot be read: nothing changes, and it is `not-found`.
    ///
    /// A feed cached under another schema than the 304's (`schema`, nil for
    /// images) is not renewed: its validators are dropped, so that the next
    /// conditional request is a plain GET, and it is `not-found`.
    public func renew(after notModified: ResponseRecord) throws(ToolError) -> CachedBytes {
        var renewed: CachedFeed?
        var mappedAs: String??
        do {
            try store.renewCachedFeed { cached in
                guard let cached, let validators = cached.validators, validators.url == notModified.url,
                      (try? checkShape(of: cached)) != nil else { return nil }
                guard validators.schema == notModified.schema else {
                    mappedAs = .some(validators.schema)
                    return CachedFeed(document: cached.document, timestamp: cached.timestamp, validators: nil)
                }
                let now = currentDate()
                let updated = validators.updated(by: FeedValidators(of: notModified)?.stored(at: now))
                renewed = CachedFeed(document: cached.document, timestamp: now, validators: updated)
                return renewed
            }
        } catch {
            throw CacheFailure.wrapping(error, default: .saving, "cannot save the feed")
        }
        if let mappedAs {
            throw ToolError(.notFound, "a 304 (not modified) came for \(notModified.url) mapped as \(notModified.schema ?? FeedSchema.images.rawValue), but the cached feed was mapped as \(mappedAs ?? FeedSchema.images.rawValue); its validators are dropped, so the next --if-changed fetches it whole")
        }
        guard let renewed else {
            throw ToolError(.notFound, "a 304 (not modified) came for \(notModified.url), but no feed saved from it is cached")
        }
        return renewed.document
    }
}
