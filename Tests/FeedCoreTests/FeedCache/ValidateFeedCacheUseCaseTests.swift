import XCTest
import FeedTestSupport
import FeedCore

final class ValidateFeedCacheUseCaseTests: XCTestCase {

    func test_init_doesNotMessageStoreUponCreation() {
        let (_, store) = makeSUT()

        XCTAssertEqual(store.receivedMessages, [])
    }

    func test_validateCache_deletesCacheOnRetrievalError() {
        let (sut, store) = makeSUT()
        store.stubRetrieval(with: anyStoreFailure())

        try? sut.validateCache()

        XCTAssertEqual(store.receivedMessages, readThenExclusively([.retrieve, .deleteCachedFeed]))
    }

    func test_validateCache_doesNotDeleteCacheOnEmptyCache() {
        let (sut, store) = makeSUT()
        store.stubRetrievalWithEmptyCache()

        try? sut.validateCache()

        XCTAssertEqual(store.receivedMessages, [.retrieve])
    }

    func test_validateCache_doesNotDeleteNonExpiredCache() {
        let fixedTimestamp = Timestamp.cacheTestNow
        let nonExpiredTimestamp = fixedTimestamp.minusFeedCacheMaxAge().adding(seconds: 1)
        let (sut, store) = makeSUT(currentDate: { fixedTimestamp })
        store.stubRetrieval(with: uniqueCachedFeed(savedAt: nonExpiredTimestamp))

        try? sut.validateCache()

        XCTAssertEqual(store.receivedMessages, [.retrieve])
    }

    func test_validateCache_deletesCacheOnExpiration() {
        let fixedTimestamp = Timestamp.cacheTestNow
        let expirationTimestamp = fixedTimestamp.minusFeedCacheMaxAge()
        let (sut, store) = makeSUT(currentDate: { fixedTimestamp })
        store.stubRetrieval(with: uniqueCachedFeed(savedAt: expirationTimestamp))

        try? sut.validateCache()

        XCTAssertEqual(store.receivedMessages, readThenExclusively([.retrieve, .deleteCachedFeed]))
    }

    func test_validateCache_deletesExpiredCache() {
        let fixedTimestamp = Timestamp.cacheTestNow
        let expiredTimestamp = fixedTimestamp.minusFeedCacheMaxAge().adding(seconds: -1)
        let (sut, store) = makeSUT(currentDate: { fixedTimestamp })
        store.stubRetrieval(with: uniqueCachedFeed(savedAt: expiredTimestamp))

        try? sut.validateCache()

        XCTAssertEqual(store.receivedMessages, readThenExclusively([.retrieve, .deleteCachedFeed]))
    }

    func test_validateCache_withCustomMaxAge_usesItForExpiration() {
        let fixedTimestamp = Timestamp.cacheTestNow
        let fifteenMinutes: Int64 = 15 * 60

        let (keeping, keepingStore) = makeSUT(currentDate: { fixedTimestamp }, maxAge: fifteenMinutes)
        keepingStore.stubRetrieval(with: uniqueCachedFeed(savedAt: fixedTimestamp.minusFeedCacheMaxAge(fifteenMinutes).adding(seconds: 1)))
        try? keeping.validateCache()
        XCTAssertEqual(keepingStore.receivedMessages, [.retrieve])

        let (deleting, deletingStore) = makeSUT(currentDate: { fixedTimestamp }, maxAge: fifteenMinutes)
        deletingStore.stubRetrieval(with: uniqueCachedFeed(savedAt: fixedTimestamp.minusFeedCacheMaxAge(fifteenMinutes)))
        try? deleting.validateCache()
        XCTAssertEqual(deletingStore.receivedMessages, readThenExclusively([.retrieve, .deleteCachedFeed]))
    }

    func test_validateCache_comparesNanosecondsAtTheBoundary() {
        let saved = Timestamp(seconds: 1_763_000_000, nanoseconds: 500_000_000)
        let expiresAt = saved.adding(seconds: FeedCachePolicy.defaultMaxAge)

        let (keeping, keepingStore) = makeSUT(currentDate: { expiresAt.adding(nanoseconds: -1) })
        keepingStore.stubRetrieval(with: uniqueCachedFeed(savedAt: saved))
        try? keeping.validateCache()
        XCTAssertEqual(keepingStore.receivedMessages, [.retrieve])

        let (deleting, deletingStore) = makeSUT(currentDate: { expiresAt })
        deletingStore.stubRetrieval(with: uniqueCachedFeed(savedAt: saved))
        try? deleting.validateCache()
        XCTAssertEqual(deletingStore.receivedMessages, readThenExclusively([.retrieve, .deleteCachedFeed]))
    }

    func test_validateCache_succeedsOnSuccessfulDeletionOfFailedRetrieval() {
        let (sut, store) = makeSUT()
        store.stubRetrieval(with: anyStoreFailure())

        XCTAssertNoThrow(try sut.validateCache())
    }

    func test_validateCache_succeedsOnEmptyCache() {
        let (sut, store) = makeSUT()
        store.stubRetrievalWithEmptyCache()

        XCTAssertNoThrow(try sut.validateCache())
    }

    func test_validateCache_succeedsOnNonExpiredCache() {
        let fixedTimestamp = Timestamp.cacheTestNow
        let (sut, store) = makeSUT(currentDate: { fixedTimestamp })
        store.stubRetrieval(with: uniqueCachedFeed(savedAt: fixedTimestamp.minusFeedCacheMaxAge().adding(seconds: 1)))

        XCTAssertNoThrow(try sut.validateCache())
    }

    func test_validateCache_failsWithDeletionOnDeletionErrorOfFailedRetrieval() {
        let (sut, store) = makeSUT()
        store.stubRetrieval(with: anyStoreFailure())
        store.stubDeletion(with: anyStoreFailure())

        expect(sut, toFailWith: .deletion)
    }

    func test_validateCache_failsWithDeletionOnDeletionErrorOfExpiredCache() {
        let fixedTimestamp = Timestamp.cacheTestNow
        let (sut, store) = makeSUT(currentDate: { fixedTimestamp })
        store.stubRetrieval(with: uniqueCachedFeed(savedAt: fixedTimestamp.minusFeedCacheMaxAge()))
        store.stubDeletion(with: CacheTestError(reason: "Permission denied"))

        XCTAssertThrowsError(try sut.validateCache()) { error in
            XCTAssertEqual((error as? ToolError)?.kind, .deletion)
            XCTAssertTrue((error as? ToolError)?.message.contains("Permission denied") == true, "\(error)")
        }
    }

    func test_validateCache_doesNotDeleteWhenExclusiveAccessFails() {
        let (sut, store) = makeSUT()
        store.stubRetrieval(with: anyStoreFailure())
        store.stubExclusiveAccess(with: anyStoreFailure())

        XCTAssertThrowsError(try sut.validateCache())
        XCTAssertEqual(store.receivedMessages, [.retrieve])
    }

    func test_validateCache_readsAndDeletesInsideOneExclusiveAccess() {
        let fixedTimestamp = Timestamp.cacheTestNow
        let (sut, store) = makeSUT(currentDate: { fixedTimestamp })
        store.stubRetrieval(with: uniqueCachedFeed(savedAt: fixedTimestamp.minusFeedCacheMaxAge()))

        try? sut.validateCache()

        let underLock = Array(store.receivedMessages.drop { $0 != .exclusiveAccessBegan })
        XCTAssertEqual(underLock, exclusively([.retrieve, .deleteCachedFeed]),
                       "the delete and the read it rests on must share one exclusive access: \(store.receivedMessages)")
    }

    func test_validateCache_keepsAValidOrEmptyCacheWithoutExclusiveAccess() {
        let fixedTimestamp = Timestamp.cacheTestNow
        for cached in [nil, uniqueCachedFeed(savedAt: fixedTimestamp.minusFeedCacheMaxAge().adding(seconds: 1))] {
            let (sut, store) = makeSUT(currentDate: { fixedTimestamp })
            if let cached { store.stubRetrieval(with: cached) } else { store.stubRetrievalWithEmptyCache() }
            store.stubExclusiveAccess(with: CacheTestError(reason: "Read-only file system"))

            XCTAssertNoThrow(try sut.validateCache(), "a cache that needs no delete needs no lock or write access")
            XCTAssertEqual(store.receivedMessages, [.retrieve])
        }
    }

    func test_validateCache_failsWithDeletionWhenAnExpiredCacheCannotBeHadExclusively() {
        let fixedTimestamp = Timestamp.cacheTestNow
        let (sut, store) = makeSUT(currentDate: { fixedTimestamp })
        store.stubRetrieval(with: uniqueCachedFeed(savedAt: fixedTimestamp.minusFeedCacheMaxAge()))
        store.stubExclusiveAccess(with: CacheTestError(reason: "Read-only file system"))

        XCTAssertThrowsError(try sut.validateCache()) { error in
            XCTAssertEqual((error as? ToolError)?.kind, .deletion)
            XCTAssertTrue((error as? ToolError)?.message.contains("Read-only file system") == true, "\(error)")
        }
        XCTAssertEqual(store.receivedMessages, [.retrieve])
    }

    func test_validateCache_decidesAgainUnderExclusiveAccessAndKeepsAFeedSavedInBetween() {
        let fixedTimestamp = Timestamp.cacheTestNow
        let expired = uniqueCachedFeed(savedAt: fixedTimestamp.minusFeedCacheMaxAge())
        let savedInBetween = uniqueCachedFeed(savedAt: fixedTimestamp)
        let store = FeedReplacedBetweenReadsStore(first: expired, then: savedInBetween)
        let sut = LocalFeedLoader(store: store, currentDate: { fixedTimestamp })

        XCTAssertNoThrow(try sut.validateCache())

        XCTAssertEqual(store.readsUnderLock, 1)
        XCTAssertFalse(store.deleted, "a feed another writer saved after the first read is kept")
    }

    // MARK: - Helpers

    /// A read without the lock, which found the cache stale, then `messages` under it.
    private func readThenExclusively(_ messages: [FeedStoreSpy.ReceivedMessage]) -> [FeedStoreSpy.ReceivedMessage] {
        [.retrieve] + exclusively(messages)
    }

    private func exclusively(_ messages: [FeedStoreSpy.ReceivedMessage]) -> [FeedStoreSpy.ReceivedMessage] {
        [.exclusiveAccessBegan] + messages + [.exclusiveAccessEnded]
    }

    private func makeSUT(currentDate: @escaping () -> Timestamp = { Timestamp.cacheTestNow },
                         maxAge: Int64 = FeedCachePolicy.defaultMaxAge,
                         file: StaticString = #filePath, line: UInt = #line) -> (sut: LocalFeedLoader, store: FeedStoreSpy) {
        let store = FeedStoreSpy()
        let sut = LocalFeedLoader(store: store, currentDate: currentDate, policy: FeedCachePolicy(maxAge: maxAge))
        trackCacheObjectForLeaks(store, file: file, line: line)
        trackCacheObjectForLeaks(sut, file: file, line: line)
        return (sut, store)
    }

    private func expect(_ sut: LocalFeedLoader, toFailWith expected: ErrorKind,
                        file: StaticString = #filePath, line: UInt = #line) {
        do {
            try sut.validateCache()
            XCTFail("Expected \(expected), got success", file: file, line: line)
        } catch {
            XCTAssertEqual(error.kind, expected, file: file, line: line)
        }
    }
}

/// A store whose feed another writer replaces between a read without the
/// lock and the read under it.
private final class FeedReplacedBetweenReadsStore: FeedStore {
    private var feed: CachedFeed
    private let next: CachedFeed
    private(set) var readsUnderLock = 0
    private(set) var deleted = false

    init(first: CachedFeed, then next: CachedFeed) {
        feed = first
        self.next = next
    }

    func retrieve() throws -> CachedFeed? { feed }

    func insert(_ feed: CachedFeed, keepingImageDataFor imageURLs: @autoclosure () -> Set<String>) throws {}

    func deleteCachedFeed(if isStale: (Result<CachedFeed?, Error>) -> Bool) throws {
        feed = next
        readsUnderLock += 1
        if isStale(.success(feed)) { deleted = true }
    }
}
