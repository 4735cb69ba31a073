import XCTest
import FeedTestSupport
import FeedCore
import FeedStoreFiles
import FeedPlatform

/// The store on a disk whose flush fails: the failure is never followed by
/// another flush, not even for a later batch of images, whose files are then
/// not published either (after a failed flush, what was written cannot be
/// trusted).
final class FileSystemFeedStoreFailedFlushTests: XCTestCase, FileSystemFeedStoreTesting {

    func test_imagesBeyondOneBatch_afterTheFirstBatchFailedToFlush_areNotFlushedAgainNorPublished() throws {
        let path = makeCachePath()
        var calls: [FlushCalls.Call] = []
        let sut = FileSystemFeedStore(path: path, temporaries: UnwatchedTemporaryFiles(),
                                      flushing: .failing(.fileSystem, number: 1) { calls.append($0) })
        let count = FileSystemFeedStore.maxTemporaryFilesAtOnce + 1
        let batch = (0..<count).map { (data: Array("image \($0)".utf8), url: "https://h/\($0)") }

        let failures = sut.insert(eachOf: batch)

        XCTAssertEqual(failures.count, count)
        XCTAssertTrue(failures.allSatisfy { ($0 as? StoreError)?.kind == .saving }, "every image fails")
        XCTAssertEqual(calls.filter { $0 == .fileSystem }, [.fileSystem], "one syncfs, never tried again")
        XCTAssertEqual(cacheTestTree(path + "/images"), [], "no image published, no temporary left")
    }
}
