import FeedCore

extension FeedImageDataStore {
    /// A test's shorthand: stores one image through `insert(eachOf:)`, the
    /// one insert a store has, and throws its failure.
    public func insert(_ data: [UInt8], for url: String) throws {
        if let failure = insert(eachOf: [(data, url)]).first ?? nil { throw failure }
    }
}
