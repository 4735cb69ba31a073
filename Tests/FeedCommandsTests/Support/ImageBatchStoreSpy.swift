import FeedCore

/// An image data store that records each batch it is given, and fails where
/// a test says: every item of a batch (a failed sync), or one URL's file
/// (a full disk). Its feed is always empty.
final class ImageBatchStoreSpy: FeedStore, FeedImageDataStore {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The URLs of each batch, in the order given.
    private(set) var batches: [[String]] = []
    private(set) var images: [String: [UInt8]] = [:]
    /// Batches (counted from 0) of which nothing is stored.
    var failingBatches: Set<Int> = []
    /// URLs whose data is never stored.
    var failingURLs: Set<String> = []

    func insert(eachOf batch: [(data: [UInt8], url: String)]) -> [Error?] {
        let number = batches.count
        batches.append(batch.map(\.url))
        if failingBatches.contains(number) {
            return batch.map { _ in Failure(description: "cannot sync /cache/images: Input/output error") }
        }
        return batch.map { item in
            if failingURLs.contains(item.url) { return Failure(description: "cannot write the file: No space left on device") }
            images[item.url] = item.data
            return nil
        }
    }

    func retrieve(dataForURL url: String) throws -> [UInt8]? { images[url] }

    func retrieve() throws -> CachedFeed? { nil }

    func insert(_ feed: CachedFeed, keepingImageDataFor imageURLs: @autoclosure () -> Set<String>) throws {}

    func deleteCachedFeed(if isStale: (Result<CachedFeed?, Error>) -> Bool) throws {}
}
