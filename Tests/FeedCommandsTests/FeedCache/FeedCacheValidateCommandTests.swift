import XCTest
import FeedCore
import FeedCommands
import FeedTestSupport

/// feed-cache validate: an expired feed deleted with its image data, a valid one kept.
final class FeedCacheValidateCommandTests: XCTestCase, FeedCacheCommandTesting {

    func test_run_validateDeletesAnExpiredFeedAndItsImageData() {
        let store = InMemoryFeedStore(feed: CachedFeed(document: savedDocument, timestamp: Timestamp.commandTestNow.adding(seconds: -7 * 86400)),
                                      images: ["https://h/image-0": [1]])

        let result = run(["validate"], store: store)

        XCTAssertEqual(result.code, 0)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(result.stderr, "")
        XCTAssertNil(store.feed)
        XCTAssertEqual(store.images, [:])
    }

    func test_run_validateKeepsAValidOrEmptyCache() {
        let valid = CachedFeed(document: savedDocument, timestamp: Timestamp.commandTestNow.adding(seconds: -86400))
        let store = InMemoryFeedStore(feed: valid, images: ["https://h/image-0": [1]])
        let empty = InMemoryFeedStore()

        XCTAssertEqual(run(["validate"], store: store).code, 0)
        XCTAssertEqual(run(["validate"], store: empty).code, 0)
        XCTAssertEqual(store.feed, valid)
        XCTAssertEqual(store.images, ["https://h/image-0": [1]])
        XCTAssertNil(empty.feed)
    }

    func test_run_validateUsesTheMaxAgeFromTheEnvironment() {
        let store = InMemoryFeedStore(feed: CachedFeed(document: savedDocument, timestamp: Timestamp.commandTestNow.adding(seconds: -3600)))

        let result = run(["validate"], store: store, environment: ["FEED_CACHE_DIR": cacheDir, "FEED_CACHE_MAX_AGE": "1h"])

        XCTAssertEqual(result.code, 0)
        XCTAssertNil(store.feed)
    }

    func test_run_validateIs74WhenTheStoreCannotDelete() {
        let result = run(["validate"], store: FailingStore())

        XCTAssertEqual(result.code, 74)
        XCTAssertEqual(result.stderr, "feed-cache: /cache: cannot delete the cached feed: the disk is on fire\n")
        XCTAssertEqual(errorKinds(result), ["deletion"])
    }
}
