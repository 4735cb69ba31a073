/// Where image data is kept, by URL (the case study's `FeedImageDataStore`).
public protocol FeedImageDataStore {
    /// Stores data for several URLs at once, each on its own: an item that
    /// cannot be stored (its file cannot be written) leaves the others
    /// stored. The failure of each item, in order, nil where it was stored.
    /// A store may flush the lot to disk once.
    func insert(eachOf batch: [(data: [UInt8], url: String)]) -> [Error?]
    /// A batch to add image data to as it comes, stored at its commit as
    /// `insert(eachOf:)` stores. By default it only collects.
    func openBatch() -> ImageDataBatch
    /// The data, or nil when none is cached for `url`.
    func retrieve(dataForURL url: String) throws -> [UInt8]?
    /// Whether it may hold any image data at all: false lets a reader of a
    /// whole feed skip looking up each of its URLs. True where it cannot tell.
    func mayHoldImageData() -> Bool
}

extension FeedImageDataStore {
    public func openBatch() -> ImageDataBatch { CollectedImageDataBatch(store: self) }
    public func mayHoldImageData() -> Bool { true }
}
