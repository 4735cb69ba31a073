import XCTest
import FeedTestSupport
import FeedCore

final class CacheFeedUseCaseTests: XCTestCase {

    func test_init_doesNotMessageStoreUponCreation() {
        let (_, store) = makeSUT()

        XCTAssertEqual(store.receivedMessages, [])
    }

    func test_save_requestsInsertionWithTimestampAndCompactDocument() {
        let fixedTimestamp = Timestamp.cacheTestNow
        let feed = uniqueFeed()
        let (sut, store) = makeSUT(currentDate: { fixedTimestamp })

        _ = try? sut.save(feed.local)

        XCTAssertEqual(store.receivedMessages, [
            .insert(CachedFeed(document: feed.document, timestamp: fixedTimestamp), keepingImageDataFor: feed.imageURLs),
        ])
    }

    func test_save_readsTheClockForEachSave() {
        var now = Timestamp(seconds: 1_000, nanoseconds: 1)
        let feed = uniqueFeed()
        let (sut, store) = makeSUT(currentDate: { now })

        _ = try? sut.save(feed.local)
        now = Timestamp(seconds: 2_000, nanoseconds: 999_999_999)
        _ = try? sut.save(feed.local)

        XCTAssertEqual(store.receivedMessages, [
            .insert(CachedFeed(document: feed.document, timestamp: Timestamp(seconds: 1_000, nanoseconds: 1)), keepingImageDataFor: feed.imageURLs),
            .insert(CachedFeed(document: feed.document, timestamp: Timestamp(seconds: 2_000, nanoseconds: 999_999_999)), keepingImageDataFor: feed.imageURLs),
        ])
    }

    func test_save_keepsItemsExactlyAsGiven() {
        // Keys in an unusual order, unknown keys, exact number texts, nested
        // values, non-ASCII text, slashes, and a lower-case id.
        let item = #"{"url":"https://h/a/b?c=d&e=f","likes":1.50,"id":"2ab2ae66-a4b7-4a16-b374-51bbac8db086","author":"ünïcødé ☕","extra":{"nested":[1,true,null,"x"]},"big":1E+400,"description":"a \"quoted\" line\nnext"}"#
        let text = #"{"items":[\#(item)]}"#
        let (sut, store) = makeSUT()

        let stored = try? sut.save(localFeed(text))

        let expected = Array((text + "\n").utf8)
        XCTAssertEqual(stored.map { String(decoding: $0, as: UTF8.self) }, String(decoding: expected, as: UTF8.self))
        XCTAssertEqual(insertedDocuments(store), [expected])
    }

    func test_save_writesOneCompactLine() {
        let pretty = """
        {
          "items" : [
            {
              "id" : "2AB2AE66-A4B7-4A16-B374-51BBAC8DB086",
              "url" : "https://h/image-0"
            }
          ]
        }
        """
        let (sut, store) = makeSUT()

        _ = try? sut.save(localFeed(pretty))

        XCTAssertEqual(insertedDocuments(store), [Array(#"{"items":[{"id":"2AB2AE66-A4B7-4A16-B374-51BBAC8DB086","url":"https://h/image-0"}]}"#.utf8) + [0x0A]])
    }

    func test_save_storesAnEmptyFeedWithNoImagesToKeep() {
        let fixedTimestamp = Timestamp.cacheTestNow
        let (sut, store) = makeSUT(currentDate: { fixedTimestamp })

        _ = try? sut.save(localFeed(#"{"items":[]}"#))

        XCTAssertEqual(store.receivedMessages, [
            .insert(CachedFeed(document: Array(#"{"items":[]}"#.utf8) + [0x0A], timestamp: fixedTimestamp), keepingImageDataFor: []),
        ])
    }

    func test_save_keepsTheImageDataOfEveryURLInTheFeed() {
        let text = #"{"items":[{"id":"\#(UUID().uuidString)","url":"https://h/1"},{"id":"\#(UUID().uuidString)","url":"https://h/2"},{"id":"\#(UUID().uuidString)","url":"https://h/1"}]}"#
        let (sut, store) = makeSUT()

        _ = try? sut.save(localFeed(text))

        guard case .insert(_, let keep)? = store.receivedMessages.first else {
            return XCTFail("Expected an insertion, got \(store.receivedMessages)")
        }
        XCTAssertEqual(keep, ["https://h/1", "https://h/2"])
    }

    func test_save_doesNotRetrieveOrDelete() {
        let (sut, store) = makeSUT()
        store.stubInsertion(with: anyStoreFailure())

        _ = try? sut.save(uniqueFeed().local)

        XCTAssertEqual(store.receivedMessages.count, 1)
        XCTAssertFalse(store.receivedMessages.contains(.retrieve))
        XCTAssertFalse(store.receivedMessages.contains(.deleteCachedFeed))
    }

    func test_save_failsWithSavingOnInsertionError() {
        let (sut, store) = makeSUT()
        store.stubInsertion(with: CacheTestError(reason: "No space left on device"))

        XCTAssertThrowsError(try sut.save(uniqueFeed().local)) { error in
            XCTAssertEqual((error as? ToolError)?.kind, .saving)
            XCTAssertTrue((error as? ToolError)?.message.contains("No space left on device") == true, "\(error)")
        }
    }

    func test_save_failsWithDeletionOnAStoreDeletionError() {
        let (sut, store) = makeSUT()
        store.stubInsertion(with: StoreError(.deletion, "cannot delete images/abc: Permission denied"))

        XCTAssertThrowsError(try sut.save(uniqueFeed().local)) { error in
            XCTAssertEqual((error as? ToolError)?.kind, .deletion)
            XCTAssertTrue((error as? ToolError)?.message.contains("cannot delete images/abc: Permission denied") == true, "\(error)")
        }
    }

    func test_save_returnsTheStoredBytesOnSuccessfulInsertion() throws {
        let feed = uniqueFeed()
        let (sut, store) = makeSUT()

        let stored = try sut.save(feed.local)

        XCTAssertEqual(stored, feed.document)
        XCTAssertEqual(insertedDocuments(store), [stored])
    }

    // MARK: - LocalFeed validation

    func test_localFeed_acceptsItemsWithIdAndAbsoluteURL() throws {
        let feed = try LocalFeed(validating: cacheTestObject(#"{"items":[{"id":"2AB2AE66-A4B7-4A16-B374-51BBAC8DB086","url":"ftp://host/x"}]}"#))

        XCTAssertEqual(feed.imageURLs, ["ftp://host/x"])
        XCTAssertEqual(feed.document.items.count, 1)
    }

    func test_localFeed_keepsExtraKeysAndTheirOrder() throws {
        let object = cacheTestObject(#"{"items":[{"likes":3,"url":"https://h/i","author":"a","id":"2ab2ae66-a4b7-4a16-b374-51bbac8db086"}]}"#)

        let feed = try LocalFeed(validating: object)

        XCTAssertEqual(feed.document.items.first?.objectValue?.keys, ["likes", "url", "author", "id"])
        XCTAssertEqual(feed.document.items.first?["id"], .string("2ab2ae66-a4b7-4a16-b374-51bbac8db086"))
        XCTAssertEqual(feed.document.items.first?["likes"], .number("3"))
    }

    func test_localFeed_rejectsItemWithoutId() {
        expectInvalidData(#"{"items":[{"url":"https://h/i"}]}"#)
        expectInvalidData(#"{"items":[{"id":null,"url":"https://h/i"}]}"#)
    }

    func test_localFeed_rejectsItemWithNonUUIDId() {
        expectInvalidData(#"{"items":[{"id":"not a uuid","url":"https://h/i"}]}"#)
        expectInvalidData(#"{"items":[{"id":"2AB2AE66-A4B7-4A16-B374-51BBAC8DB08","url":"https://h/i"}]}"#)
        expectInvalidData(#"{"items":[{"id":"2AB2AE66A4B74A16B37451BBAC8DB0866666","url":"https://h/i"}]}"#)
        expectInvalidData(#"{"items":[{"id":42,"url":"https://h/i"}]}"#)
    }

    func test_localFeed_rejectsItemWithoutURL() {
        expectInvalidData(#"{"items":[{"id":"2AB2AE66-A4B7-4A16-B374-51BBAC8DB086"}]}"#)
        expectInvalidData(#"{"items":[{"id":"2AB2AE66-A4B7-4A16-B374-51BBAC8DB086","url":null}]}"#)
        expectInvalidData(#"{"items":[{"id":"2AB2AE66-A4B7-4A16-B374-51BBAC8DB086","image":"https://h/i"}]}"#)
    }

    func test_localFeed_rejectsItemWithRelativeURL() {
        for url in ["/images/1.png", "images/1.png", "//h/i", "https:/h/i", "https://", "", "https://h/with space"] {
            expectInvalidData(#"{"items":[{"id":"2AB2AE66-A4B7-4A16-B374-51BBAC8DB086","url":"\#(url)"}]}"#)
        }
    }

    func test_localFeed_rejectsItemsThatAreNotObjects() {
        expectInvalidData(#"{"items":[1]}"#)
        expectInvalidData(#"{"items":["2AB2AE66-A4B7-4A16-B374-51BBAC8DB086"]}"#)
        expectInvalidData(#"{"items":[null]}"#)
        expectInvalidData(#"{"items":[[{"id":"2AB2AE66-A4B7-4A16-B374-51BBAC8DB086","url":"https://h/i"}]]}"#)
    }

    func test_localFeed_rejectsTheWholeFeedForOneInvalidItem() {
        expectInvalidData(#"{"items":[{"id":"2AB2AE66-A4B7-4A16-B374-51BBAC8DB086","url":"https://h/i"},{"id":"2AB2AE66-A4B7-4A16-B374-51BBAC8DB086"}]}"#)
    }

    func test_localFeed_rejectsDocumentWithoutItemsArray() {
        expectInvalidData(#"{}"#)
        expectInvalidData(#"{"items":{}}"#)
        expectInvalidData(#"{"items":null}"#)
        expectInvalidData(#"{"feed":[]}"#)
    }

    // MARK: - Helpers

    private func makeSUT(currentDate: @escaping () -> Timestamp = { Timestamp.cacheTestNow },
                         file: StaticString = #filePath, line: UInt = #line) -> (sut: LocalFeedLoader, store: FeedStoreSpy) {
        let store = FeedStoreSpy()
        let sut = LocalFeedLoader(store: store, currentDate: currentDate)
        trackCacheObjectForLeaks(store, file: file, line: line)
        trackCacheObjectForLeaks(sut, file: file, line: line)
        return (sut, store)
    }

    private func localFeed(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> LocalFeed {
        do {
            return try LocalFeed(validating: cacheTestObject(text, file: file, line: line))
        } catch {
            XCTFail("Expected a valid feed, got \(error)", file: file, line: line)
            return uniqueFeed().local
        }
    }

    private func insertedDocuments(_ store: FeedStoreSpy) -> [[UInt8]] {
        store.receivedMessages.compactMap {
            if case .insert(let feed, _) = $0 { return feed.document.array }
            return nil
        }
    }

    private func expectInvalidData(_ text: String, file: StaticString = #filePath, line: UInt = #line) {
        do {
            let feed = try LocalFeed(validating: cacheTestObject(text, file: file, line: line))
            XCTFail("Expected invalid-data for \(text), got \(feed)", file: file, line: line)
        } catch {
            XCTAssertEqual(error.kind, .invalidData, "\(text): \(error)", file: file, line: line)
        }
    }
}
