/// A feed as the cache holds it: the feed document's exact bytes (one compact
/// JSON line, as `load` will print it) and when it was saved.
public struct CachedFeed: Equatable, Sendable {
    public var document: [UInt8]
    public var timestamp: Timestamp

    public init(document: [UInt8], timestamp: Timestamp) {
        self.document = document
        self.timestamp = timestamp
    }
}

/// Where the local feed loader keeps the feed (the case study's `FeedStore`).
/// Errors thrown are the store's own; the loader turns them into
/// `retrieval`, `saving` or `deletion`.
public protocol FeedStore {
    /// The cached feed, or nil when there is none. Never changes the cache.
    func retrieve() throws -> CachedFeed?
    /// Replaces the cached feed with `feed` at once (a reader sees the old one
    /// or the new one), then drops the image data of URLs not in `imageURLs`.
    func insert(_ feed: CachedFeed, keepingImageDataFor imageURLs: Set<String>) throws
    /// Deletes the cached feed and its image data.
    func deleteCachedFeed() throws
    /// Runs `body` with no other writer at work (a read-then-delete must not
    /// delete a feed another process has just saved).
    func exclusively<T>(_ body: () throws -> T) throws -> T
    /// The cached feed lent to `body` without a copy where the store can (a
    /// file mapped into memory), or nil when there is none. Never changes the cache.
    func withCachedFeed<T>(_ body: (CachedFeedView) throws -> T) throws -> T?
}

/// A cached feed lent for the length of a call: its document's bytes in place.
public struct CachedFeedView {
    public var document: UnsafeRawBufferPointer
    public var timestamp: Timestamp

    public init(document: UnsafeRawBufferPointer, timestamp: Timestamp) {
        self.document = document
        self.timestamp = timestamp
    }
}

extension FeedImageDataStore {
    public func insert(_ batch: [(data: [UInt8], url: String)]) throws {
        for item in batch { try insert(item.data, for: item.url) }
    }
}

extension FeedStore {
    public func exclusively<T>(_ body: () throws -> T) throws -> T { try body() }

    public func withCachedFeed<T>(_ body: (CachedFeedView) throws -> T) throws -> T? {
        guard let cached = try retrieve() else { return nil }
        return try cached.document.withUnsafeBytes { try body(CachedFeedView(document: $0, timestamp: cached.timestamp)) }
    }
}

/// Where image data is kept, by URL (the case study's `FeedImageDataStore`).
public protocol FeedImageDataStore {
    func insert(_ data: [UInt8], for url: String) throws
    /// Stores several at once (all or none; a store may make this cheaper
    /// than one insert each).
    func insert(_ batch: [(data: [UInt8], url: String)]) throws
    /// The data, or nil when none is cached for `url`.
    func retrieve(dataForURL url: String) throws -> [UInt8]?
}

/// A store failure that already knows which kind it is (for example a
/// `deletion` failure after a successful replace).
public struct StoreError: Error, Equatable, Sendable {
    public var kind: ErrorKind
    public var reason: String

    public init(_ kind: ErrorKind, _ reason: String) {
        self.kind = kind
        self.reason = reason
    }
}
