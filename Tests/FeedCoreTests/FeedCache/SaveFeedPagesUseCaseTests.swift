import XCTest
import FeedTestSupport
import FeedCore

/// Saving several feed documents, a page each (as `feed-fetch --paginate |
/// feed-map` writes them): one feed, items in page order, a repeated id
/// dropped (the first stays), ids compared as UUIDs.
final class SaveFeedPagesUseCaseTests: XCTestCase {
    private let id0 = "2AB2AE66-A4B7-4A16-B374-51BBAC8DB086"
    private let id1 = "73A7F70C-75DA-4C2E-B5A3-EED40DC53AA6"
    private let id2 = "BA298A85-6275-48D3-8315-9C8F7C1CD109"

    func test_save_ofPages_insertsOneFeedOfTheirItemsInPageOrderTimestampedNow() {
        let (sut, store) = makeSUT()
        let pages = [page(item(id0, "https://h/0"), item(id1, "https://h/1")), page(item(id2, "https://h/2"))]

        _ = try? sut.save(LocalFeed(pages: pages))

        XCTAssertEqual(store.receivedMessages, [
            .insert(CachedFeed(document: document(item(id0, "https://h/0"), item(id1, "https://h/1"), item(id2, "https://h/2")),
                               timestamp: .cacheTestNow),
                    keepingImageDataFor: ["https://h/0", "https://h/1", "https://h/2"]),
        ])
    }

    func test_save_ofPages_dropsAnIdSeenOnAnEarlierPageKeepingTheFirst() {
        let (sut, store) = makeSUT()
        let pages = [page(item(id0, "https://h/0"), item(id1, "https://h/1")),
                     page(item(id1, "https://h/1-again"), item(id2, "https://h/2"))]

        _ = try? sut.save(LocalFeed(pages: pages))

        XCTAssertEqual(store.receivedMessages, [
            .insert(CachedFeed(document: document(item(id0, "https://h/0"), item(id1, "https://h/1"), item(id2, "https://h/2")),
                               timestamp: .cacheTestNow),
                    keepingImageDataFor: ["https://h/0", "https://h/1", "https://h/2"]),
        ], "the dropped item's image data is not kept")
    }

    func test_save_dropsARepeatedIdWithinOneDocument() {
        let (sut, store) = makeSUT()

        _ = try? sut.save(page(item(id0, "https://h/0"), item(id1, "https://h/1"), item(id0, "https://h/0")))

        XCTAssertEqual(insertedDocuments(store), [document(item(id0, "https://h/0"), item(id1, "https://h/1"))])
    }

    func test_save_comparesIdsAsUUIDsInAnyCaseAndKeepsTheFirstAsSpelt() {
        let (sut, store) = makeSUT()
        let pages = [page(item(id0.lowercased(), "https://h/0")), page(item(id0, "https://h/0-upper"), item(id1, "https://h/1"))]

        _ = try? sut.save(LocalFeed(pages: pages))

        XCTAssertEqual(insertedDocuments(store), [document(item(id0.lowercased(), "https://h/0"), item(id1, "https://h/1"))])
    }

    func test_save_ofEmptyPagesStoresAnEmptyFeed() {
        let (sut, store) = makeSUT()

        _ = try? sut.save(LocalFeed(pages: [page(), page()]))

        XCTAssertEqual(store.receivedMessages, [
            .insert(CachedFeed(document: document(), timestamp: .cacheTestNow), keepingImageDataFor: []),
        ])
        XCTAssertEqual(LocalFeed(pages: []), LocalFeed.empty)
    }

    func test_localFeed_namesTheDocumentInItsMessage() {
        XCTAssertThrowsError(try LocalFeed(validating: cacheTestObject(#"{"items":[{"id":"x","url":"https://h/0"}]}"#),
                                           what: "feed document 2")) { error in
            XCTAssertEqual((error as? ToolError)?.kind, .invalidData)
            XCTAssertEqual((error as? ToolError)?.message, "invalid feed document 2: items[0].id: not a UUID")
        }
    }

    // MARK: - Helpers

    private func makeSUT(file: StaticString = #filePath, line: UInt = #line) -> (sut: LocalFeedLoader, store: FeedStoreSpy) {
        let store = FeedStoreSpy()
        let sut = LocalFeedLoader(store: store, currentDate: { .cacheTestNow })
        trackCacheObjectForLeaks(store, file: file, line: line)
        trackCacheObjectForLeaks(sut, file: file, line: line)
        return (sut, store)
    }

    private func item(_ id: String, _ url: String) -> String { #"{"id":"\#(id)","url":"\#(url)"}"# }

    private func page(_ items: String..., file: StaticString = #filePath, line: UInt = #line) -> LocalFeed {
        localFeedPage(items, file: file, line: line)
    }

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

/// A feed document of `items` (JSON object texts), checked for the cache.
func localFeedPage(_ items: [String], file: StaticString = #filePath, line: UInt = #line) -> LocalFeed {
    do {
        return try LocalFeed(validating: cacheTestObject(#"{"items":["# + items.joined(separator: ",") + "]}", file: file, line: line))
    } catch {
        XCTFail("not a valid feed document: \(error)", file: file, line: line)
        return .empty
    }
}
