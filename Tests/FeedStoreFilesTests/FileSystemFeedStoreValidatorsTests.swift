import Foundation
import XCTest
import FeedTestSupport
import FeedCore
import FeedStoreFiles

/// The validators of the response a feed came from are kept in the feed's
/// own file, written and renewed with it, never in a side file.
final class FileSystemFeedStoreValidatorsTests: XCTestCase {
    private let validators = FeedValidators(url: "https://api.example/v1/feed", etag: #"W/"5f-1a""#, lastModified: "Tue, 24 Nov 2026 10:00:00 GMT")

    func test_insert_thenRetrieve_givesTheValidatorsBack_inTheFeedFileAlone() throws {
        let path = makeCacheTestDirectory() + "/cache"
        let sut = FileSystemFeedStore(path: path, temporaries: UnwatchedTemporaryFiles())
        let feed = CachedFeed(document: Array(#"{"items":[]}"#.utf8) + [0x0A], timestamp: Timestamp(seconds: 1_795_176_000), validators: validators)

        try sut.insert(feed, keepingImageDataFor: [])

        XCTAssertEqual(try FileSystemFeedStore(path: path, temporaries: UnwatchedTemporaryFiles()).retrieve(), feed)
        XCTAssertEqual(Set(try FileManager.default.contentsOfDirectory(atPath: path)), [".lock", "feed", "CACHEDIR.TAG"], "no side file but the cache's tag")
    }

    func test_renewCachedFeed_rewritesTheTimestampAndValidators_andKeepsTheDocumentAndImages() throws {
        let path = makeCacheTestDirectory() + "/cache"
        let sut = FileSystemFeedStore(path: path, temporaries: UnwatchedTemporaryFiles())
        let document = Array(#"{"items":[{"id":"73A7F70C-75DA-4C2E-B5A3-EED40DC53AA6","url":"https://i.example/1"}]}"#.utf8) + [0x0A]
        try sut.insert(CachedFeed(document: document, timestamp: Timestamp(seconds: 1), validators: validators), keepingImageDataFor: [])
        XCTAssertNil(sut.insert(eachOf: [([7], "https://i.example/1")])[0])
        let renewed = CachedFeed(document: document, timestamp: Timestamp(seconds: 2), validators: validators?.updated(by: FeedValidators(url: "x", etag: "b", lastModified: nil)!))

        try sut.renewCachedFeed { found in
            XCTAssertEqual(found?.timestamp, Timestamp(seconds: 1))
            return renewed
        }

        let reader = FileSystemFeedStore(path: path, temporaries: UnwatchedTemporaryFiles())
        XCTAssertEqual(try reader.retrieve(), renewed)
        XCTAssertEqual(try reader.retrieve(dataForURL: "https://i.example/1"), [7])
    }

    func test_renewCachedFeed_thatReturnsNil_changesNothing() throws {
        let path = makeCacheTestDirectory() + "/cache"
        let sut = FileSystemFeedStore(path: path, temporaries: UnwatchedTemporaryFiles())
        try sut.insert(CachedFeed(document: Array(#"{"items":[]}"#.utf8) + [0x0A], timestamp: Timestamp(seconds: 1)), keepingImageDataFor: [])
        let before = try Data(contentsOf: URL(fileURLWithPath: path + "/feed"))

        try sut.renewCachedFeed { _ in nil }

        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path + "/feed")), before)
    }
}
