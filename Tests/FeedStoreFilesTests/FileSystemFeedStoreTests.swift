import FeedConcurrency
import Foundation
import XCTest
import FeedTestSupport
import FeedCore
import FeedStoreFiles
import FeedPlatform

/// The shared store specs (FeedTestSupport's `FeedStoreSpecs`) run against
/// real directories, with what only files can show: what is left on disk.
/// The file system's own cases are in the other `FileSystemFeedStore*Tests`:
/// corrupt and truncated files, FIFOs, permissions, links, hostile URL names,
/// temporary files, locks, concurrency.
final class FileSystemFeedStoreTests: XCTestCase, FeedStoreSpecs, FileSystemFeedStoreTesting {

    func test_retrieve_deliversEmptyOnEmptyCache() throws {
        let sut = makeSUT(makeEmptyCacheDirectory())

        try assertThatRetrieveDeliversEmptyOnEmptyCache(on: sut)
    }

    func test_retrieve_hasNoSideEffectsOnEmptyCache() throws {
        let cache = makeEmptyCacheDirectory()
        let sut = makeSUT(cache)

        try assertThatRetrieveHasNoSideEffectsOnEmptyCache(on: sut)

        XCTAssertEqual(cacheTestTree(cache), [])
    }

    func test_retrieve_deliversFoundValuesOnNonEmptyCache() throws {
        let sut = makeSUT(makeCachePath())

        try assertThatRetrieveDeliversFoundValuesOnNonEmptyCache(on: sut)
    }

    func test_retrieve_hasNoSideEffectsOnNonEmptyCache() throws {
        let cache = makeCachePath()
        let sut = makeSUT(cache)

        try assertThatRetrieveHasNoSideEffectsOnNonEmptyCache(on: sut, storage: { DiskState(cache) })
    }

    func test_retrieve_deliversTheTimestampToTheNanosecond() throws {
        let sut = makeSUT(makeCachePath())

        try assertThatRetrieveDeliversTheTimestampToTheNanosecond(on: sut)
    }

    func test_retrieve_deliversAnyDocumentBytesUnchanged() throws {
        let sut = makeSUT(makeCachePath())

        try assertThatRetrieveDeliversAnyDocumentBytesUnchanged(on: sut)
    }

    func test_insert_deliversNoErrorOnEmptyCache() {
        let sut = makeSUT(makeCachePath())

        assertThatInsertDeliversNoErrorOnEmptyCache(on: sut)
    }

    func test_insert_deliversNoErrorOnNonEmptyCache() throws {
        let sut = makeSUT(makeCachePath())

        try assertThatInsertDeliversNoErrorOnNonEmptyCache(on: sut)
    }

    func test_insert_overridesPreviouslyInsertedCacheValues() throws {
        let sut = makeSUT(makeCachePath())

        try assertThatInsertOverridesPreviouslyInsertedCacheValues(on: sut)
    }

    func test_insert_keepsImageDataForURLsInTheKeepSetAndDeletesTheRest() throws {
        let sut = makeSUT(makeCachePath())

        try assertThatInsertKeepsImageDataForURLsInTheKeepSetAndDeletesTheRest(on: sut)
    }

    func test_insert_withAnEmptyKeepSetDeletesAllImageData() throws {
        let cache = makeCachePath()
        let sut = makeSUT(cache)

        try assertThatInsertWithAnEmptyKeepSetDeletesAllImageData(on: sut)

        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: cache + "/images"), [])
    }

    func test_delete_deliversNoErrorOnEmptyCache() {
        let sut = makeSUT(makeEmptyCacheDirectory())

        assertThatDeleteDeliversNoErrorOnEmptyCache(on: sut)
    }

    func test_delete_hasNoEffectOnEmptyCache() throws {
        let cache = makeEmptyCacheDirectory()
        let sut = makeSUT(cache)

        try assertThatDeleteHasNoEffectOnEmptyCache(on: sut)

        XCTAssertEqual(cacheTestTree(cache).filter { $0 != ".lock" }, ["CACHEDIR.TAG"], "nothing but the tag of the folder it now owns")
    }

    func test_delete_deliversNoErrorOnNonEmptyCache() throws {
        let sut = makeSUT(makeCachePath())

        try assertThatDeleteDeliversNoErrorOnNonEmptyCache(on: sut)
    }

    func test_delete_emptiesPreviouslyInsertedCache() throws {
        let cache = makeCachePath()
        let sut = makeSUT(cache)

        try assertThatDeleteEmptiesPreviouslyInsertedCache(on: sut)

        XCTAssertNil(cacheTestFileType(cache + "/feed"))
    }

    func test_delete_removesImageData() throws {
        let cache = makeCachePath()
        let sut = makeSUT(cache)

        try assertThatDeleteRemovesImageData(on: sut)

        XCTAssertEqual(cacheTestTree(cache).filter { $0.hasPrefix("images/") }, [])
    }

    func test_deleteIfStale_keepsAFeedItWasToldIsFresh() throws {
        let sut = makeSUT(makeCachePath())

        try assertThatDeleteIfStaleKeepsAFeedItWasToldIsFresh(on: sut)
    }

    func test_deleteIfStale_deletesWhatItWasToldIsStale_withoutDeadlockingOnItsOwnLock() throws {
        let cache = makeCachePath()
        let sut = makeSUT(cache)
        var thrown: Error?

        let finished = runWithTimeout(seconds: 10) {
            do { try self.assertThatDeleteIfStaleDeletesWhatItWasToldIsStale(on: sut) } catch { thrown = error }
        }

        XCTAssertTrue(finished, "deleting must not deadlock on its own store's lock")
        if finished, let thrown { throw thrown }
        XCTAssertNil(cacheTestFileType(cache + "/feed"))
    }
}
