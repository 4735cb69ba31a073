import Foundation
import XCTest
import FeedTestSupport
import FeedCore
import FeedStoreFiles

/// A reader (`load --format html` reads an image per item) opens the cache
/// directory and `images/` once and keeps them for the run: what it reads
/// after that comes through the descriptors it holds, not through the path.
final class FileSystemFeedStoreReadHandleTests: XCTestCase {

    func test_retrieveImageData_keepsTheDirectoriesItOpened_forTheRestOfTheRun() throws {
        let root = makeCacheTestDirectory()
        let path = root + "/cache"
        let urls = ["https://image-host.example/1", "https://image-host.example/2"]
        let writer = FileSystemFeedStore(path: path, temporaries: UnwatchedTemporaryFiles())
        XCTAssertEqual(writer.insert(eachOf: [([1], urls[0]), ([2], urls[1])]).compactMap { $0 }.count, 0)
        let reader = FileSystemFeedStore(path: path, temporaries: UnwatchedTemporaryFiles())
        XCTAssertEqual(try reader.retrieve(dataForURL: urls[0]), [1])

        try FileManager.default.moveItem(atPath: path, toPath: root + "/moved")

        XCTAssertEqual(try reader.retrieve(dataForURL: urls[1]), [2], "the reader opened the cache again by its path")
        let fresh = FileSystemFeedStore(path: path, temporaries: UnwatchedTemporaryFiles())
        XCTAssertNil(try fresh.retrieve(dataForURL: urls[1]), "a new store finds no cache at the old path")
    }

    func test_retrieveImageData_fromAMissingCache_looksAgainLater() throws {
        let path = makeCacheTestDirectory() + "/cache"
        let reader = FileSystemFeedStore(path: path, temporaries: UnwatchedTemporaryFiles())
        XCTAssertNil(try reader.retrieve(dataForURL: "https://image-host.example/1"))

        let writer = FileSystemFeedStore(path: path, temporaries: UnwatchedTemporaryFiles())
        XCTAssertEqual(writer.insert(eachOf: [([7], "https://image-host.example/1")]).compactMap { $0 }.count, 0)

        XCTAssertEqual(try reader.retrieve(dataForURL: "https://image-host.example/1"), [7])
    }
}
