import XCTest
import FeedTestSupport
import FeedCore
import FeedStoreFiles
import FeedPlatform

/// How the store flushes a batch of images: one syncfs for the lot and a
/// flush of `images/`, or, where the C library has no syncfs, each file.
final class FileSystemFeedStoreFlushTests: XCTestCase, FileSystemFeedStoreTesting {
    private let batch = (0..<3).map { (data: Array("image \($0)".utf8), url: "https://h/\($0)") }

    func test_imageBatch_isFlushedByOneSyncfs_thenItsFolder() throws {
        let path = makeCachePath()
        try makeSUT(path).insert(uniqueCachedFeed(savedAt: .cacheTestNow), keepingImageDataFor: [])
        var calls: [FlushCalls.Call] = []
        let sut = FileSystemFeedStore(path: path, temporaries: UnwatchedTemporaryFiles(),
                                      flushing: .failing(.file, number: .max) { calls.append($0) })

        XCTAssertTrue(sut.insert(eachOf: batch).allSatisfy { $0 == nil })

        XCTAssertEqual(calls, [.file, .fileSystem, .file], "the cache folder once images/ is made, one syncfs, images/")
        XCTAssertEqual(try sut.retrieve(dataForURL: "https://h/2"), Array("image 2".utf8))
    }

    func test_imageBatch_withNoSyncfs_flushesEachFile_beforeItsFolder() throws {
        let path = makeCachePath()
        try makeSUT(path).insert(uniqueCachedFeed(savedAt: .cacheTestNow), keepingImageDataFor: [])
        var flushed = 0
        let system = FlushCalls.system
        let sut = FileSystemFeedStore(path: path, temporaries: UnwatchedTemporaryFiles(),
                                      flushing: FlushCalls(file: { flushed += 1; return system.file($0) }, fileSystem: nil))

        XCTAssertTrue(sut.insert(eachOf: batch).allSatisfy { $0 == nil })

        XCTAssertEqual(flushed, 1 + batch.count + 1, "the cache folder once images/ is made, each image, images/")
        XCTAssertEqual(try sut.retrieve(dataForURL: "https://h/0"), Array("image 0".utf8))
    }
}
