import FeedConcurrency
import Foundation
import XCTest
import FeedTestSupport
import FeedCore
import FeedStoreFiles
import FeedPlatform

/// Deleting, and deleting when stale: retrieve and delete under one lock.
final class FileSystemFeedStoreDeleteTests: XCTestCase, FileSystemFeedStoreTesting {

    func test_delete_onAMissingDirectoryDoesNotCreateIt() throws {
        let root = makeCacheTestDirectory()
        let sut = makeSUT(root + "/cache")

        XCTAssertNoThrow(try sut.deleteCachedFeed())
        XCTAssertEqual(cacheTestTree(root), [])
    }

    func test_delete_removesACorruptFeed_butNeverAFolderInItsPlace() throws {
        let cache = makeTaggedCacheDirectory()
        cacheTestWrite(Array("garbage".utf8), to: cache + "/feed")
        try makeSUT(cache).deleteCachedFeed()
        XCTAssertNil(cacheTestFileType(cache + "/feed"))

        try FileManager.default.createDirectory(atPath: cache + "/feed/nested", withIntermediateDirectories: true)
        cacheTestWrite(Array("x".utf8), to: cache + "/feed/nested/file")
        XCTAssertThrowsError(try makeSUT(cache).deleteCachedFeed()) { error in
            XCTAssertEqual((error as? StoreError)?.kind, .deletion)
            XCTAssertTrue("\(error)".contains("move it out of"), "\(error)")
        }
        XCTAssertEqual(cacheTestRead(cache + "/feed/nested/file"), Array("x".utf8), "a folder is never removed, nor what is in it")
    }

    func test_deleteIfStale_onAMissingDirectory_asksAboutNoFeedWithoutCreatingIt() throws {
        let root = makeCacheTestDirectory()
        let sut = makeSUT(root + "/cache")
        var asked: [CachedFeed?] = []

        try sut.deleteCachedFeed { retrieved in
            asked.append(try? retrieved.get())
            return true
        }

        XCTAssertEqual(asked, [nil])
        XCTAssertEqual(cacheTestTree(root), [])
    }

    func test_deleteIfStale_makesAnotherInstancesInsertWaitWhileItDecides() throws {
        let cache = makeCachePath()
        let holder = makeSUT(cache)
        let writer = makeSUT(cache)
        try holder.insert(uniqueCachedFeed(savedAt: Timestamp(seconds: 1)), keepingImageDataFor: [])
        let latest = uniqueCachedFeed(savedAt: Timestamp(seconds: 2))
        var inserted: DispatchGroup?

        var insertedWhileHeld = false
        var retrievedInside: CachedFeed?
        try holder.deleteCachedFeed { retrieved in
            inserted = runInBackground { try? writer.insert(latest, keepingImageDataFor: []) }
            insertedWhileHeld = inserted?.wait(timeout: .now() + 0.5) == .success
            retrievedInside = try? retrieved.get()
            return false
        }

        XCTAssertFalse(insertedWhileHeld, "another writer must wait while the store decides")
        XCTAssertEqual(retrievedInside?.timestamp, Timestamp(seconds: 1))
        XCTAssertEqual(inserted?.wait(timeout: .now() + 10), .success, "the waiting writer must go on once the lock is let go")
        XCTAssertEqual(try holder.retrieve(), latest)
    }
}
