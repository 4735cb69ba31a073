import FeedCore

/// Records every message the cache use cases send to their feed store, and
/// answers with whatever a test stubbed (the case study's `FeedStoreSpy`,
/// made synchronous like `FeedStore`).
final class FeedStoreSpy: FeedStore {
    enum ReceivedMessage: Equatable {
        case retrieve
        case insert(CachedFeed, keepingImageDataFor: Set<String>)
        case deleteCachedFeed
        /// `deleteCachedFeed(if:)` took the writers' lock; everything up to
        /// the matching `.exclusiveAccessEnded` ran under it.
        case exclusiveAccessBegan
        case exclusiveAccessEnded
    }

    private(set) var receivedMessages: [ReceivedMessage] = []

    private var retrievalResult: Result<CachedFeed?, Error> = .success(nil)
    private var insertionError: Error?
    private var deletionError: Error?
    private var exclusiveAccessError: Error?

    // MARK: Stubs

    func stubRetrieval(with error: Error) {
        retrievalResult = .failure(error)
    }

    func stubRetrievalWithEmptyCache() {
        retrievalResult = .success(nil)
    }

    func stubRetrieval(with feed: CachedFeed) {
        retrievalResult = .success(feed)
    }

    func stubInsertion(with error: Error) {
        insertionError = error
    }

    func stubDeletion(with error: Error) {
        deletionError = error
    }

    /// `deleteCachedFeed(if:)` fails before it retrieves (the lock cannot be had).
    func stubExclusiveAccess(with error: Error) {
        exclusiveAccessError = error
    }

    // MARK: FeedStore

    func retrieve() throws -> CachedFeed? {
        receivedMessages.append(.retrieve)
        return try retrievalResult.get()
    }

    func insert(_ feed: CachedFeed, keepingImageDataFor imageURLs: @autoclosure () -> Set<String>) throws {
        receivedMessages.append(.insert(feed, keepingImageDataFor: imageURLs()))
        if let insertionError { throw insertionError }
    }

    func deleteCachedFeed(if isStale: (Result<CachedFeed?, Error>) -> Bool) throws {
        if let exclusiveAccessError { throw exclusiveAccessError }
        receivedMessages.append(.exclusiveAccessBegan)
        defer { receivedMessages.append(.exclusiveAccessEnded) }
        guard isStale(Result { try retrieve() }) else { return }
        receivedMessages.append(.deleteCachedFeed)
        if let deletionError { throw deletionError }
    }
}

/// Records the messages sent to an image data store and answers with stubs
/// (the case study's `FeedImageDataStoreSpy`).
final class FeedImageDataStoreSpy: FeedImageDataStore {
    enum ReceivedMessage: Equatable {
        case insert(data: [UInt8], for: String)
        case retrieve(dataFor: String)
    }

    private(set) var receivedMessages: [ReceivedMessage] = []

    private var retrievalResult: Result<[UInt8]?, Error> = .success(nil)
    private var insertionError: Error?

    func stubRetrieval(with error: Error) {
        retrievalResult = .failure(error)
    }

    func stubRetrieval(with data: [UInt8]?) {
        retrievalResult = .success(data)
    }

    func stubInsertion(with error: Error) {
        insertionError = error
    }

    func insert(eachOf batch: [(data: [UInt8], url: String)]) -> [Error?] {
        batch.map { item in
            receivedMessages.append(.insert(data: item.data, for: item.url))
            return insertionError
        }
    }

    func retrieve(dataForURL url: String) throws -> [UInt8]? {
        receivedMessages.append(.retrieve(dataFor: url))
        return try retrievalResult.get()
    }
}
