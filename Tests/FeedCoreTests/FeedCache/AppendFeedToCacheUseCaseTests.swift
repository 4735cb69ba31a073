import XCTest
import FeedTestSupport
import FeedCore

/// "Load more" (`feed-cache save --append`): the cached feed's items first,
/// then the new page's, a repeated id dropped, all timestamped now. A cache
/// that is absent, expired or unreadable counts as empty.
final class AppendFeedToCacheUseCaseTests: XCTestCase {
    private let id0 = "2AB2AE66-A4B7-4A16-B374-51BBAC8DB086"
    private let id1 = "73A7F70C-75DA-4C2E-B5A3-EED40DC53AA6"
    private let id2 = "BA298A85-6275-48D3-8315-9C8F7C1CD109"

    func test_append_onAnEmptyCache_savesThePageTimestampedNow() {
        let (sut, store) = makeSUT()
        store.stubRetrievalWithEmptyCache()

        _ = try? sut.append(localFeedPage([item(id1, "https://h/1")]))

        XCTAssertEqual(store.receivedMessages, [
            .retrieve,
            .insert(CachedFeed(document: document(item(id1, "https://h/1")), timestamp: .cacheTestNow), keepingImageDataFor: ["https://h/1"]),
        ])
    }

    func test_append_onAValidCache_savesTheCachedItemsThenThePageTimestampedNow() {
        let (sut, store) = makeSUT()
        store.stubRetrieval(with: CachedFeed(document: document(item(id0, "https://h/0")), timestamp: Timestamp.cacheTestNow.adding(seconds: -86400)))

        let stored = try? sut.append(localFeedPage([item(id1, "https://h/1"), item(id2, "https://h/2")]))

        let expected = document(item(id0, "https://h/0"), item(id1, "https://h/1"), item(id2, "https://h/2"))
        XCTAssertEqual(store.receivedMessages, [
            .retrieve,
            .insert(CachedFeed(document: expected, timestamp: .cacheTestNow), keepingImageDataFor: ["https://h/0", "https://h/1", "https://h/2"]),
        ])
        XCTAssertEqual(stored, expected, "it returns the whole feed it stored")
    }

    func test_append_dropsAnIdAlreadyCachedWhateverItsCaseAndKeepsTheCachedItem() {
        let (sut, store) = makeSUT()
        let cached = item(id0.lowercased(), "https://h/0")
        store.stubRetrieval(with: CachedFeed(document: document(cached), timestamp: .cacheTestNow))

        _ = try? sut.append(localFeedPage([item(id0, "https://h/0-again"), item(id1, "https://h/1")]))

        XCTAssertEqual(insertedDocuments(store), [document(cached, item(id1, "https://h/1"))])
    }

    func test_append_onAnExpiredCache_savesOnlyThePage() {
        for age: Int64 in [FeedCachePolicy.defaultMaxAge, FeedCachePolicy.defaultMaxAge + 1] {
            let (sut, store) = makeSUT()
            store.stubRetrieval(with: CachedFeed(document: document(item(id0, "https://h/0")), timestamp: Timestamp.cacheTestNow.adding(seconds: -age)))

            _ = try? sut.append(localFeedPage([item(id1, "https://h/1")]))

            XCTAssertEqual(store.receivedMessages, [
                .retrieve,
                .insert(CachedFeed(document: document(item(id1, "https://h/1")), timestamp: .cacheTestNow), keepingImageDataFor: ["https://h/1"]),
            ], "cached \(age) s ago")
        }
    }

    func test_append_usesTheMaxAgeItIsGiven() {
        let (sut, store) = makeSUT(maxAge: 3600)
        store.stubRetrieval(with: CachedFeed(document: document(item(id0, "https://h/0")), timestamp: Timestamp.cacheTestNow.adding(seconds: -3599)))

        _ = try? sut.append(localFeedPage([item(id1, "https://h/1")]))

        XCTAssertEqual(insertedDocuments(store), [document(item(id0, "https://h/0"), item(id1, "https://h/1"))])
    }

    func test_append_onACacheThatCannotBeReadAsAFeed_savesOnlyThePage() {
        let unreadable: [(String, (FeedStoreSpy) -> Void)] = [
            ("retrieval error", { $0.stubRetrieval(with: anyStoreFailure()) }),
            ("not a feed document", { $0.stubRetrieval(with: CachedFeed(document: Array("[1]\n".utf8), timestamp: .cacheTestNow)) }),
            ("not JSON inside", { $0.stubRetrieval(with: CachedFeed(document: Array(#"{"items":[}]}"#.utf8) + [0x0A], timestamp: .cacheTestNow)) }),
            ("an invalid item", { $0.stubRetrieval(with: CachedFeed(document: Array(#"{"items":[{"id":"x","url":"https://h/x"}]}"#.utf8) + [0x0A], timestamp: .cacheTestNow)) }),
        ]
        for (what, stub) in unreadable {
            let (sut, store) = makeSUT()
            stub(store)

            XCTAssertNoThrow(try sut.append(localFeedPage([item(id1, "https://h/1")])), what)

            XCTAssertEqual(insertedDocuments(store), [document(item(id1, "https://h/1"))], what)
        }
    }

    func test_append_failsWithSavingOnInsertionError() {
        let (sut, store) = makeSUT()
        store.stubInsertion(with: CacheTestError(reason: "No space left on device"))

        XCTAssertThrowsError(try sut.append(localFeedPage([item(id1, "https://h/1")]))) { error in
            XCTAssertEqual((error as? ToolError)?.kind, .saving)
            XCTAssertTrue((error as? ToolError)?.message.contains("No space left on device") == true, "\(error)")
        }
    }

    func test_append_readsTheClockNowForTheNewTimestamp() {
        var now = Timestamp.cacheTestNow
        let (sut, store) = makeSUT(currentDate: { now })
        store.stubRetrieval(with: CachedFeed(document: document(item(id0, "https://h/0")), timestamp: Timestamp.cacheTestNow.adding(seconds: -60)))
        now = now.adding(seconds: 30)

        _ = try? sut.append(localFeedPage([]))

        XCTAssertEqual(store.receivedMessages.last,
                       .insert(CachedFeed(document: document(item(id0, "https://h/0")), timestamp: Timestamp.cacheTestNow.adding(seconds: 30)),
                               keepingImageDataFor: ["https://h/0"]))
    }

    // MARK: - Helpers

    private func makeSUT(currentDate: @escaping () -> Timestamp = { .cacheTestNow }, maxAge: Int64 = FeedCachePolicy.defaultMaxAge,
                         file: StaticString = #filePath, line: UInt = #line) -> (sut: LocalFeedLoader, store: FeedStoreSpy) {
        let store = FeedStoreSpy()
        let sut = LocalFeedLoader(store: store, currentDate: currentDate, policy: FeedCachePolicy(maxAge: maxAge))
        trackCacheObjectForLeaks(store, file: file, line: line)
        trackCacheObjectForLeaks(sut, file: file, line: line)
        return (sut, store)
    }

    private func item(_ id: String, _ url: String) -> String { #"{"id":"\#(id)","url":"\#(url)"}"# }

    private func document(_ items: String...) -> [UInt8] {
        Array((#"{"items":["# + items.joined(separator: ",") + "]}\n").utf8)
    }

    private func insertedDocuments(_ store: FeedStoreSpy) -> [[UInt8]] {
        store.receivedMessages.compactMap {
            if case .insert(let feed, _) = $0 { return feed.document.array }
            return nil
        }
    }
}
