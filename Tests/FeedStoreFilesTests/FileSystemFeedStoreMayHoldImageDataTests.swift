import Foundation
import XCTest
import FeedTestSupport
import FeedCore
import FeedStoreFiles

/// `image missing` and the feed page ask once whether any image data is
/// cached before looking up each of a feed's URLs: no cache, no `images/`,
/// or one with only a temporary file in it holds none; one image file, or an
/// `images/` that cannot be opened, may hold some (each lookup then answers).
final class FileSystemFeedStoreMayHoldImageDataTests: XCTestCase {

    func test_mayHoldImageData_isFalseOnlyWithoutAnImageFile() throws {
        let path = makeCacheTestDirectory() + "/cache"
        XCTAssertFalse(FileSystemFeedStore(path: path, temporaries: UnwatchedTemporaryFiles()).mayHoldImageData(), "no cache")

        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        XCTAssertFalse(FileSystemFeedStore(path: path, temporaries: UnwatchedTemporaryFiles()).mayHoldImageData(), "no images/")

        try FileManager.default.createDirectory(atPath: path + "/images", withIntermediateDirectories: false)
        XCTAssertTrue(FileManager.default.createFile(atPath: path + "/images/.tmp-\(String(repeating: "0", count: 64))-1-2", contents: Data([1])))
        XCTAssertFalse(FileSystemFeedStore(path: path, temporaries: UnwatchedTemporaryFiles()).mayHoldImageData(),
                       "only a temporary file a dead writer left")

        let writer = FileSystemFeedStore(path: path, temporaries: UnwatchedTemporaryFiles())
        XCTAssertEqual(writer.insert(eachOf: [([7], "https://image-host.example/1")]).compactMap { $0 }.count, 0)
        XCTAssertTrue(FileSystemFeedStore(path: path, temporaries: UnwatchedTemporaryFiles()).mayHoldImageData(), "an image file")
    }

    func test_mayHoldImageData_isTrueWhereImagesCannotBeOpened() throws {
        let path = makeCacheTestDirectory() + "/cache"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        XCTAssertTrue(FileManager.default.createFile(atPath: path + "/images", contents: Data([1])), "a file in images/' place")
        XCTAssertTrue(FileSystemFeedStore(path: path, temporaries: UnwatchedTemporaryFiles()).mayHoldImageData())
    }
}
