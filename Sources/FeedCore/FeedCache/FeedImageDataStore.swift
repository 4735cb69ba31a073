/// Where image data is kept, by URL (the case study's `FeedImageDataStore`).
public protocol FeedImageDataStore {
    /// Stores data for several URLs at once (a store may make this cheaper
    /// than one insert each); throws the first item's failure, if any.
    func insert(_ batch: [(data: [UInt8], url: String)]) throws
    /// Stores data for several URLs at once, each on its own: an item that
    /// cannot be stored (its file cannot be written) leaves the others
    /// stored. The failure of each item, in order, nil where it was stored.
    /// A store may flush the lot to disk once.
    func insert(eachOf batch: [(data: [UInt8], url: String)]) -> [Error?]
    /// The data, or nil when none is cached for `url`.
    func retrieve(dataForURL url: String) throws -> [UInt8]?
}

extension FeedImageDataStore {
    public func insert(_ data: [UInt8], for url: String) throws {
        try insert([(data, url)])
    }

    /// By `insert(_:)`: all stored, or each failed with its failure.
    public func insert(eachOf batch: [(data: [UInt8], url: String)]) -> [Error?] {
        do {
            try insert(batch)
            return Array(repeating: nil, count: batch.count)
        } catch {
            return Array(repeating: error, count: batch.count)
        }
    }
}
