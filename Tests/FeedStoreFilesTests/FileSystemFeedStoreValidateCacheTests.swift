import FeedConcurrency
import Foundation
import XCTest
import FeedTestSupport
import FeedCore
import FeedStoreFiles
import FeedPlatform

/// Validating the cache, end to end: the use case over the file store.
final class FileSystemFeedStoreValidateCacheTests: XCTestCase, FileSystemFeedStoreTesting {

    func test_validateCache_deletesAnExpiredFeedAndItsImagesFromDisk() throws {
        let cache = makeCachePath()
        let store = makeSUT(cache)
        let now = Timestamp.cacheTestNow
        try store.insert(uniqueCachedFeed(savedAt: now.minusFeedCacheMaxAge()), keepingImageDataFor: ["https://h/1"])
        try store.insert(Array("data".utf8), for: "https://h/1")
        let loader = LocalFeedLoader(store: store, currentDate: { now })

        let finished = runWithTimeout(seconds: 10) { try? loader.validateCache() }

        XCTAssertTrue(finished, "validateCache must not deadlock")
        XCTAssertNil(try store.retrieve())
        XCTAssertNil(try store.retrieve(dataForURL: "https://h/1"))
    }

    func test_validateCache_deletesACorruptFeedFromDisk() throws {
        let cache = makeTaggedCacheDirectory()
        cacheTestWrite(Array("garbage".utf8), to: cache + "/feed")
        let loader = LocalFeedLoader(store: makeSUT(cache), currentDate: { Timestamp.cacheTestNow })

        let finished = runWithTimeout(seconds: 10) { try? loader.validateCache() }

        XCTAssertTrue(finished, "validateCache must not deadlock")
        XCTAssertNil(cacheTestFileType(cache + "/feed"))
    }

    func test_validateCache_keepsAValidFeedOnDisk() throws {
        let cache = makeCachePath()
        let store = makeSUT(cache)
        let now = Timestamp.cacheTestNow
        let feed = uniqueCachedFeed(savedAt: now.minusFeedCacheMaxAge().adding(seconds: 1))
        try store.insert(feed, keepingImageDataFor: ["https://h/1"])
        try store.insert(Array("data".utf8), for: "https://h/1")
        let loader = LocalFeedLoader(store: store, currentDate: { now })

        XCTAssertNoThrow(try loader.validateCache())

        XCTAssertEqual(try store.retrieve(), feed)
        XCTAssertEqual(try store.retrieve(dataForURL: "https://h/1"), Array("data".utf8))
    }

    func test_validateCache_failsWithDeletionWhenTheCacheCannotBeLocked() throws {
        let cache = makeEmptyCacheDirectory()
        cacheTestWrite(Array("garbage".utf8), to: cache + "/feed")
        try FileManager.default.createDirectory(atPath: cache + "/.lock", withIntermediateDirectories: false)
        let loader = LocalFeedLoader(store: makeSUT(cache), currentDate: { Timestamp.cacheTestNow })

        XCTAssertThrowsError(try loader.validateCache()) { error in
            XCTAssertEqual((error as? ToolError)?.kind, .deletion, "\(error)")
        }
        XCTAssertEqual(cacheTestRead(cache + "/feed"), Array("garbage".utf8))
    }
}
