import XCTest
import FeedTestSupport
import FeedCore

final class LoadFeedFromCacheUseCaseTests: XCTestCase {

    func test_init_doesNotMessageStoreUponCreation() {
        let (_, store) = makeSUT()

        XCTAssertEqual(store.receivedMessages, [])
    }

    func test_load_requestsCacheRetrieval() {
        let (sut, store) = makeSUT()

        _ = try? sut.load()

        XCTAssertEqual(store.receivedMessages, [.retrieve])
    }

    func test_load_failsWithRetrievalOnRetrievalError() {
        let (sut, store) = makeSUT()

        expect(sut, toCompleteWith: .failure(.retrieval), when: {
            store.stubRetrieval(with: anyStoreFailure())
        })
    }

    func test_load_retrievalErrorMessageNamesTheStoresReason() {
        let (sut, store) = makeSUT()
        store.stubRetrieval(with: CacheTestError(reason: "feed is corrupt (checksum mismatch)"))

        XCTAssertThrowsError(try sut.load()) { error in
            XCTAssertEqual((error as? ToolError)?.kind, .retrieval)
            XCTAssertTrue((error as? ToolError)?.message.contains("feed is corrupt (checksum mismatch)") == true, "\(error)")
        }
    }

    func test_load_keepsTheKindOfAStoreErrorThatKnowsIt() {
        let (sut, store) = makeSUT()

        expect(sut, toCompleteWith: .failure(.deletion), when: {
            store.stubRetrieval(with: StoreError(.deletion, "a reason"))
        })
    }

    func test_load_failsWithNotFoundOnEmptyCache() {
        let (sut, store) = makeSUT()

        expect(sut, toCompleteWith: .failure(.notFound), when: {
            store.stubRetrievalWithEmptyCache()
        })
    }

    func test_load_deliversCachedFeedOnNonExpiredCache() {
        let fixedTimestamp = Timestamp.cacheTestNow
        let nonExpiredTimestamp = fixedTimestamp.minusFeedCacheMaxAge().adding(seconds: 1)
        let cached = uniqueCachedFeed(savedAt: nonExpiredTimestamp)
        let (sut, store) = makeSUT(currentDate: { fixedTimestamp })

        expect(sut, toCompleteWith: .success(cached), when: {
            store.stubRetrieval(with: cached)
        })
    }

    func test_load_deliversTheCachedDocumentBytesUnchanged() {
        let fixedTimestamp = Timestamp.cacheTestNow
        let feed = uniqueFeed()
        let (sut, store) = makeSUT(currentDate: { fixedTimestamp })
        store.stubRetrieval(with: CachedFeed(document: feed.document, timestamp: fixedTimestamp))

        XCTAssertEqual(try sut.load().document.array, feed.document)
    }

    func test_load_failsWithExpiredOnCacheExpiration() {
        let fixedTimestamp = Timestamp.cacheTestNow
        let expirationTimestamp = fixedTimestamp.minusFeedCacheMaxAge()
        let (sut, store) = makeSUT(currentDate: { fixedTimestamp })

        expect(sut, toCompleteWith: .failure(.expired), when: {
            store.stubRetrieval(with: uniqueCachedFeed(savedAt: expirationTimestamp))
        })
    }

    func test_load_failsWithExpiredOnExpiredCache() {
        let fixedTimestamp = Timestamp.cacheTestNow
        let expiredTimestamp = fixedTimestamp.minusFeedCacheMaxAge().adding(seconds: -1)
        let (sut, store) = makeSUT(currentDate: { fixedTimestamp })

        expect(sut, toCompleteWith: .failure(.expired), when: {
            store.stubRetrieval(with: uniqueCachedFeed(savedAt: expiredTimestamp))
        })
    }

    func test_load_expiredMessageNamesSaveTimeAndMaxAge() {
        let fixedTimestamp = Timestamp(seconds: 1_763_762_400) // 2025-11-21T22:00:00Z
        let expiredTimestamp = Timestamp(seconds: 1_763_762_400 - 8 * 86400) // 2025-11-13T22:00:00Z
        let (sut, store) = makeSUT(currentDate: { fixedTimestamp })
        store.stubRetrieval(with: uniqueCachedFeed(savedAt: expiredTimestamp))

        XCTAssertThrowsError(try sut.load()) { error in
            let message = (error as? ToolError)?.message ?? ""
            XCTAssertTrue(message.contains("2025-11-13T22:00:00Z"), message)
            XCTAssertTrue(message.contains("7d"), message)
        }
    }

    // MARK: Custom max age (the spots variant)

    /// 15m, 1d12h, 90s.
    private let customMaxAges: [Int64] = [15 * 60, 36 * 3600, 90]

    func test_load_withCustomMaxAge_deliversCachedFeedOneSecondBeforeExpiration() {
        for maxAge in customMaxAges {
            let fixedTimestamp = Timestamp.cacheTestNow
            let cached = uniqueCachedFeed(savedAt: fixedTimestamp.minusFeedCacheMaxAge(maxAge).adding(seconds: 1))
            let (sut, store) = makeSUT(currentDate: { fixedTimestamp }, maxAge: maxAge)

            expect(sut, toCompleteWith: .success(cached), when: {
                store.stubRetrieval(with: cached)
            })
        }
    }

    func test_load_withCustomMaxAge_failsWithExpiredAtAndAfterExpiration() {
        for maxAge in customMaxAges {
            for secondsPast: Int64 in [0, 1] {
                let fixedTimestamp = Timestamp.cacheTestNow
                let saved = fixedTimestamp.minusFeedCacheMaxAge(maxAge).adding(seconds: -secondsPast)
                let (sut, store) = makeSUT(currentDate: { fixedTimestamp }, maxAge: maxAge)

                expect(sut, toCompleteWith: .failure(.expired), when: {
                    store.stubRetrieval(with: uniqueCachedFeed(savedAt: saved))
                })
            }
        }
    }

    func test_load_withCustomMaxAge_isNotLimitedBySevenDays() {
        let fixedTimestamp = Timestamp.cacheTestNow
        let thirtyDays: Int64 = 30 * 86400
        let cached = uniqueCachedFeed(savedAt: fixedTimestamp.adding(seconds: -20 * 86400))
        let (sut, store) = makeSUT(currentDate: { fixedTimestamp }, maxAge: thirtyDays)

        expect(sut, toCompleteWith: .success(cached), when: {
            store.stubRetrieval(with: cached)
        })
    }

    func test_load_withCustomMaxAge_namesItInTheExpiredMessage() {
        let fixedTimestamp = Timestamp.cacheTestNow
        let maxAge: Int64 = 36 * 3600
        let (sut, store) = makeSUT(currentDate: { fixedTimestamp }, maxAge: maxAge)
        store.stubRetrieval(with: uniqueCachedFeed(savedAt: fixedTimestamp.minusFeedCacheMaxAge(maxAge)))

        XCTAssertThrowsError(try sut.load()) { error in
            XCTAssertEqual((error as? ToolError)?.kind, .expired)
            XCTAssertTrue((error as? ToolError)?.message.contains("1d12h") == true, "\(error)")
        }
    }

    // MARK: Nanosecond precision

    func test_load_atTheBoundary_comparesNanoseconds() {
        let saved = Timestamp(seconds: 1_763_000_000, nanoseconds: 500_000_000)
        let expiresAt = saved.adding(seconds: FeedCachePolicy.defaultMaxAge)
        let cached = CachedFeed(document: uniqueFeed().document, timestamp: saved)

        let (stillValid, validStore) = makeSUT(currentDate: { expiresAt.adding(nanoseconds: -1) })
        expect(stillValid, toCompleteWith: .success(cached), when: { validStore.stubRetrieval(with: cached) })

        let (exactlyExpired, exactStore) = makeSUT(currentDate: { expiresAt })
        expect(exactlyExpired, toCompleteWith: .failure(.expired), when: { exactStore.stubRetrieval(with: cached) })

        let (justAfter, afterStore) = makeSUT(currentDate: { expiresAt.adding(nanoseconds: 1) })
        expect(justAfter, toCompleteWith: .failure(.expired), when: { afterStore.stubRetrieval(with: cached) })
    }

    func test_load_halfASecondBeforeTheWholeSecond_isStillValid() {
        // Saved at t + 0.5 s: at t + max age + 0.4 s the feed has not yet had
        // its full max age, whatever a whole-second comparison would say.
        let saved = Timestamp(seconds: 1_763_000_000, nanoseconds: 500_000_000)
        let now = Timestamp(seconds: 1_763_000_000 + FeedCachePolicy.defaultMaxAge, nanoseconds: 400_000_000)
        let cached = CachedFeed(document: uniqueFeed().document, timestamp: saved)
        let (sut, store) = makeSUT(currentDate: { now })

        expect(sut, toCompleteWith: .success(cached), when: { store.stubRetrieval(with: cached) })
    }

    // MARK: No side effects

    func test_load_hasNoSideEffectsOnRetrievalError() {
        let (sut, store) = makeSUT()
        store.stubRetrieval(with: anyStoreFailure())

        _ = try? sut.load()

        XCTAssertEqual(store.receivedMessages, [.retrieve])
    }

    func test_load_hasNoSideEffectsOnEmptyCache() {
        let (sut, store) = makeSUT()
        store.stubRetrievalWithEmptyCache()

        _ = try? sut.load()

        XCTAssertEqual(store.receivedMessages, [.retrieve])
    }

    func test_load_hasNoSideEffectsOnNonExpiredCache() {
        let fixedTimestamp = Timestamp.cacheTestNow
        let (sut, store) = makeSUT(currentDate: { fixedTimestamp })
        store.stubRetrieval(with: uniqueCachedFeed(savedAt: fixedTimestamp.minusFeedCacheMaxAge().adding(seconds: 1)))

        _ = try? sut.load()

        XCTAssertEqual(store.receivedMessages, [.retrieve])
    }

    func test_load_hasNoSideEffectsOnCacheExpiration() {
        let fixedTimestamp = Timestamp.cacheTestNow
        let (sut, store) = makeSUT(currentDate: { fixedTimestamp })
        store.stubRetrieval(with: uniqueCachedFeed(savedAt: fixedTimestamp.minusFeedCacheMaxAge()))

        _ = try? sut.load()

        XCTAssertEqual(store.receivedMessages, [.retrieve])
    }

    func test_load_hasNoSideEffectsOnExpiredCache() {
        let fixedTimestamp = Timestamp.cacheTestNow
        let (sut, store) = makeSUT(currentDate: { fixedTimestamp })
        store.stubRetrieval(with: uniqueCachedFeed(savedAt: fixedTimestamp.minusFeedCacheMaxAge().adding(seconds: -1)))

        _ = try? sut.load()

        XCTAssertEqual(store.receivedMessages, [.retrieve])
    }

    // MARK: - Helpers

    private enum LoadResult: Equatable {
        case success(CachedFeed)
        case failure(ErrorKind)
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

    private func expect(_ sut: LocalFeedLoader, toCompleteWith expected: LoadResult, when action: () -> Void,
                        file: StaticString = #filePath, line: UInt = #line) {
        action()

        let received: LoadResult
        do {
            received = .success(try sut.load())
        } catch {
            received = .failure(error.kind)
        }

        XCTAssertEqual(received, expected, file: file, line: line)
    }
}
