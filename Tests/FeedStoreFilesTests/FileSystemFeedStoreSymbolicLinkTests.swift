import FeedConcurrency
import Foundation
import XCTest
import FeedTestSupport
import FeedCore
import FeedStoreFiles
import FeedPlatform

/// Symbolic links planted in the cache are never followed.
final class FileSystemFeedStoreSymbolicLinkTests: XCTestCase, FileSystemFeedStoreTesting {

    func test_retrieve_doesNotFollowASymbolicLinkAtTheFeedPath() throws {
        let root = makeCacheTestDirectory()
        let other = makeSUT(root + "/other")
        try other.insert(uniqueCachedFeed(savedAt: Timestamp.cacheTestNow), keepingImageDataFor: [])
        let cache = root + "/cache"
        try FileManager.default.createDirectory(atPath: cache, withIntermediateDirectories: false)
        XCTAssertEqual(symlink(root + "/other/feed", cache + "/feed"), 0)

        expectRetrievalError(from: makeSUT(cache), "a link to another cache's valid feed")
    }

    func test_insert_replacesASymbolicLinkAtTheFeedPathInsteadOfWritingThroughIt() throws {
        let root = makeCacheTestDirectory()
        let outside = root + "/outside-target"
        let outsideBytes = Array("the outside file\n".utf8)
        cacheTestWrite(outsideBytes, to: outside)
        let cache = root + "/cache"
        try FileManager.default.createDirectory(atPath: cache, withIntermediateDirectories: false)
        XCTAssertEqual(symlink(outside, cache + "/feed"), 0)
        let sut = makeSUT(cache)
        let feed = uniqueCachedFeed(savedAt: Timestamp.cacheTestNow)

        try sut.insert(feed, keepingImageDataFor: [])

        XCTAssertEqual(cacheTestRead(outside), outsideBytes, "the link's target must stay unchanged")
        XCTAssertEqual(cacheTestFileType(cache + "/feed"), S_IFREG, "the link must be replaced by the feed file")
        XCTAssertEqual(try sut.retrieve(), feed)
    }

    func test_delete_removesASymbolicLinkAtTheFeedPathButNotItsTarget() throws {
        let root = makeCacheTestDirectory()
        let outside = root + "/outside-target"
        cacheTestWrite(Array("keep me".utf8), to: outside)
        let cache = root + "/cache"
        try FileManager.default.createDirectory(atPath: cache, withIntermediateDirectories: false)
        XCTAssertEqual(symlink(outside, cache + "/feed"), 0)

        try makeSUT(cache).deleteCachedFeed()

        XCTAssertEqual(cacheTestRead(outside), Array("keep me".utf8))
        XCTAssertNil(cacheTestFileType(cache + "/feed"))
    }

    func test_imagesDirectoryLink_isNeitherWrittenThroughNorPrunedThrough() throws {
        let root = makeCacheTestDirectory()
        let outside = root + "/outside-images"
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: false)
        let victim = outside + "/" + SHA256.hex(Array("https://h/1".utf8))
        cacheTestWrite(Array("not the cache's".utf8), to: victim)
        let cache = root + "/cache"
        try FileManager.default.createDirectory(atPath: cache, withIntermediateDirectories: false)
        XCTAssertEqual(symlink(outside, cache + "/images"), 0)
        let sut = makeSUT(cache)

        // A writer replaces the planted link with a directory of its own
        // (removing the link, never what it points to) and stores there.
        XCTAssertNoThrow(try sut.insert(Array("data".utf8), for: "https://h/2"))
        XCTAssertEqual(cacheTestFileType(cache + "/images"), cacheTestFileType(outside), "a real directory now")
        XCTAssertEqual(try sut.retrieve(dataForURL: "https://h/2"), Array("data".utf8))
        XCTAssertNil(try sut.retrieve(dataForURL: "https://h/1"), "the outside file is not the cache's")
        _ = try? sut.insert(uniqueCachedFeed(savedAt: Timestamp.cacheTestNow), keepingImageDataFor: [])
        _ = try? sut.deleteCachedFeed()

        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: outside), [SHA256.hex(Array("https://h/1".utf8))])
        XCTAssertEqual(cacheTestRead(victim), Array("not the cache's".utf8))
    }

    func test_insert_doesNotCreateTheTargetOfADanglingLinkAtTheLockPath() throws {
        let root = makeCacheTestDirectory()
        let cache = root + "/cache"
        try FileManager.default.createDirectory(atPath: cache, withIntermediateDirectories: false)
        XCTAssertEqual(symlink(root + "/created-through-the-link", cache + "/.lock"), 0)

        _ = try? makeSUT(cache).insert(uniqueCachedFeed(savedAt: Timestamp.cacheTestNow), keepingImageDataFor: [])

        XCTAssertNil(cacheTestFileType(root + "/created-through-the-link"))
    }

    func test_imageInsert_replacesALinkAtTheImagePathAndPruningRemovesOnlyTheLink() throws {
        let root = makeCacheTestDirectory()
        let outside = root + "/outside-target"
        cacheTestWrite(Array("outside".utf8), to: outside)
        let cache = root + "/cache"
        let sut = makeSUT(cache)
        try sut.insert(Array("first".utf8), for: "https://h/1")
        let image = cache + "/images/" + SHA256.hex(Array("https://h/1".utf8))
        try FileManager.default.removeItem(atPath: image)
        XCTAssertEqual(symlink(outside, image), 0)

        XCTAssertThrowsError(try sut.retrieve(dataForURL: "https://h/1"), "a link is not the cache's image file")
        try sut.insert(Array("second".utf8), for: "https://h/1")
        XCTAssertEqual(cacheTestFileType(image), S_IFREG)
        XCTAssertEqual(try sut.retrieve(dataForURL: "https://h/1"), Array("second".utf8))

        try FileManager.default.removeItem(atPath: image)
        XCTAssertEqual(symlink(outside, image), 0)
        try sut.insert(uniqueCachedFeed(savedAt: Timestamp.cacheTestNow), keepingImageDataFor: [])
        XCTAssertNil(cacheTestFileType(image))

        XCTAssertEqual(cacheTestRead(outside), Array("outside".utf8))
    }
}
