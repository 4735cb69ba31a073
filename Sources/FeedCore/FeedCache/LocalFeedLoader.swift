/// Loads, validates and saves the cached feed: the case study's
/// `LocalFeedLoader`, with the clock injected. Its use cases, in this order:
/// save, load more (`append`), load, validate the cache, renew after a 304,
/// and what a conditional request reads (validators, freshness, inspect).
public final class LocalFeedLoader {
    let store: FeedStore
    let currentDate: () -> Timestamp
    let policy: FeedCachePolicy

    public init(store: FeedStore, currentDate: @escaping () -> Timestamp, policy: FeedCachePolicy = FeedCachePolicy()) {
        self.store = store
        self.currentDate = currentDate
        self.policy = policy
    }
}

extension LocalFeedLoader {
    /// Replaces the cached feed with `feed`, timestamped now, with the
    /// validators of the response it came from if there was one, and returns
    /// the bytes it stored (what `load` will give back).
    @discardableResult
    public func save(_ feed: LocalFeed, validators: FeedValidators? = nil) throws(ToolError) -> [UInt8] {
        try save(feed.checked, validators: validators).array
    }

    /// Where a feed can be written while it is checked (`save(_:validators:streamedTo:)`):
    /// nil when the store writes only after the check.
    public func beginSave() -> StreamedFeed? {
        (try? (store as? FeedStreamingStore)?.beginFeed()) ?? nil
    }

    /// The same, for a feed already checked and written out (by the fast
    /// path), its document given to `stream` as it was checked, if it was.
    @discardableResult
    public func save(_ feed: CheckedFeed, validators: FeedValidators? = nil,
                     streamedTo stream: StreamedFeed? = nil) throws(ToolError) -> CachedBytes {
        let now = currentDate()
        let cached = CachedFeed(document: feed.document, timestamp: now, validators: validators?.stored(at: now))
        do {
            if let stream {
                try stream.commit(cached, keepingImageDataFor: feed.imageURLs())
            } else {
                try store.insert(cached, keepingImageDataFor: feed.imageURLs())
            }
        } catch {
            throw CacheFailure.wrapping(error, default: .saving, "cannot save the feed")
        }
        return feed.document
    }
}

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

extension LocalFeedLoader {
    /// Deletes the cached feed (and its image data) if it cannot be read or has
    /// expired; keeps a valid or empty cache.
    ///
    /// A valid or empty cache is seen to be so by a plain read, which needs
    /// neither the writers' lock nor write access: a cache this process may
    /// read but not write validates. Only a feed that looks stale is read
    /// again and deleted under the lock, so that a feed another writer saved
    /// in between is judged, and kept, as it now is.
    public func validateCache() throws(ToolError) {
        if case .success(let cached) = Result(catching: { try store.retrieve() }), !isStale(.success(cached)) {
            return
        }
        do {
            try store.deleteCachedFeed(if: isStale)
        } catch {
            throw CacheFailure.wrapping(error, default: .deletion, "cannot delete the cached feed")
        }
    }

    /// Whether a cache, as retrieved, is to be deleted: unreadable, not a
    /// feed document, or as old as the max age or older.
    private func isStale(_ retrieved: Result<CachedFeed?, Error>) -> Bool {
        switch retrieved {
        case .failure: return true
        case .success(nil): return false
        case .success(let cached?):
            do { try checkShape(of: cached) } catch { return true }
            return !policy.validate(cached.timestamp, against: currentDate())
        }
    }
}

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

extension LocalFeedLoader {
    /// The validators stored with the cached feed if it was saved from
    /// exactly `url`, expired or not; nil otherwise, and nil if the cache
    /// cannot be read (the request is then a plain GET). Reads only.
    public func validators(savedFrom url: String) -> FeedValidators? {
        guard let cached = try? store.retrieve(), let validators = cached.validators, validators.url == url else { return nil }
        return validators
    }
}

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
