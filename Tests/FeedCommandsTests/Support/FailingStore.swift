import FeedCore

/// A feed and image data store whose every operation throws, as a cache
/// directory that cannot be read or written does.
final class FailingStore: FeedStore, FeedImageDataStore {
    struct Failure: Error, CustomStringConvertible {
        var description: String { "the disk is on fire" }
    }

    private(set) var calls: [String] = []

    func retrieve() throws -> CachedFeed? {
        calls.append("retrieve")
        throw Failure()
    }

    func insert(_ feed: CachedFeed, keepingImageDataFor imageURLs: @autoclosure () -> Set<String>) throws {
        calls.append("insert")
        throw Failure()
    }

    func deleteCachedFeed(if isStale: (Result<CachedFeed?, Error>) -> Bool) throws {
        calls.append("delete")
        throw Failure()
    }

    func insert(eachOf batch: [(data: [UInt8], url: String)]) -> [Error?] {
        calls.append("insert images")
        return batch.map { _ in Failure() }
    }

    func retrieve(dataForURL url: String) throws -> [UInt8]? {
        calls.append("retrieve image")
        throw Failure()
    }
}
