/// Where image data is kept, by URL (the case study's `FeedImageDataStore`).
public protocol FeedImageDataStore {
    /// Stores data for several URLs at once (all or none; a store may make
    /// this cheaper than one insert each).
    func insert(_ batch: [(data: [UInt8], url: String)]) throws
    /// The data, or nil when none is cached for `url`.
    func retrieve(dataForURL url: String) throws -> [UInt8]?
}

extension FeedImageDataStore {
    public func insert(_ data: [UInt8], for url: String) throws {
        try insert([(data, url)])
    }
}
