import FeedConcurrency
import Foundation
import XCTest
import FeedTestSupport
import FeedCore
import FeedStoreFiles
import FeedPlatform

/// Inserting: the directories it makes, what it replaces and the temporary files it leaves none of.
final class FileSystemFeedStoreInsertTests: XCTestCase, FileSystemFeedStoreTesting {

    func test_insert_createsMissingDirectories() throws {
        let root = makeCacheTestDirectory()
        let sut = makeSUT(root + "/a/b/cache")
        let feed = uniqueCachedFeed(savedAt: Timestamp.cacheTestNow)

        try sut.insert(feed, keepingImageDataFor: [])

        XCTAssertEqual(cacheTestFileType(root + "/a/b/cache"), S_IFDIR)
        XCTAssertEqual(try makeSUT(root + "/a/b/cache").retrieve(), feed)
    }

    func test_insert_replacesACorruptFeed() throws {
        let cache = makeTaggedCacheDirectory()
        cacheTestWrite(Array("garbage".utf8), to: cache + "/feed")
        let sut = makeSUT(cache)
        let feed = uniqueCachedFeed(savedAt: Timestamp.cacheTestNow)

        try sut.insert(feed, keepingImageDataFor: [])

        XCTAssertEqual(try sut.retrieve(), feed)
    }

    func test_insert_failsWhenTheCachePathIsAFile() throws {
        let root = makeCacheTestDirectory()
        cacheTestWrite(Array("a file".utf8), to: root + "/cache")

        XCTAssertThrowsError(try makeSUT(root + "/cache").insert(uniqueCachedFeed(savedAt: Timestamp.cacheTestNow), keepingImageDataFor: [])) { error in
            XCTAssertEqual((error as? StoreError)?.kind, .saving, "\(error)")
        }
        XCTAssertEqual(cacheTestRead(root + "/cache"), Array("a file".utf8))
    }

    func test_insert_removesStaleTemporaryFiles() throws {
        let cache = makeCachePath()
        let sut = makeSUT(cache)
        try sut.insert(Array("data".utf8), for: "https://h/1")
        cacheTestWrite(Array("half a feed".utf8), to: cache + "/.tmp-feed-12345-678")
        cacheTestWrite(Array("half an image".utf8), to: cache + "/images/.tmp-\(SHA256.hex(Array("https://h/2".utf8)))-12345-678")

        try sut.insert(uniqueCachedFeed(savedAt: Timestamp.cacheTestNow), keepingImageDataFor: ["https://h/1"])

        XCTAssertEqual(cacheTestTree(cache).filter { $0.contains(".tmp-") }, [])
        XCTAssertEqual(try sut.retrieve(dataForURL: "https://h/1"), Array("data".utf8))
    }

    func test_insert_leavesNoTemporaryFileBehind() throws {
        let cache = makeCachePath()
        let sut = makeSUT(cache)

        try sut.insert(uniqueCachedFeed(savedAt: Timestamp.cacheTestNow), keepingImageDataFor: ["https://h/1"])
        try sut.insert(Array("data".utf8), for: "https://h/1")
        try sut.insert(uniqueCachedFeed(savedAt: Timestamp.cacheTestNow), keepingImageDataFor: ["https://h/1"])
        try sut.insert(Array("other data".utf8), for: "https://h/1")

        XCTAssertEqual(cacheTestTree(cache).filter { $0.contains(".tmp-") }, [])
        XCTAssertEqual(Set(cacheTestTree(cache)), ["feed", ".lock", "CACHEDIR.TAG", "images", "images/" + SHA256.hex(Array("https://h/1".utf8))])
    }
}
