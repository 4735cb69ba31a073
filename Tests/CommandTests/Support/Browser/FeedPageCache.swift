import Foundation
import XCTest
import FeedCore
import FeedStoreFiles

/// A cache directory of its own, filled as a user's would be: the feed saved
/// by the built `feed-cache save`, image data stored under items' URLs by
/// the file store (the format `feed-cache image save` writes); and the page
/// the built `feed-cache load --format html` writes of it.
struct FeedPageCache {
    let directory: String

    init(_ testCase: XCTestCase, items: [[String: Any]], images: [String: [UInt8]],
         file: StaticString = #filePath, line: UInt = #line) throws {
        directory = makeTemporaryDirectory(testCase)
        let saved = try Command.run("feed-cache", ["save", "-q"], stdin: feedPayload(items) + "\n", environment: environment)
        XCTAssertEqual(saved.status, 0, "feed-cache save: \(saved.err)", file: file, line: line)
        let store = FileSystemFeedStore(path: directory + "/cache", temporaries: UnwatchedTemporaryFiles())
        let failures = store.insert(eachOf: images.map { (data: $0.value, url: $0.key) })
        if let failure = failures.lazy.compactMap({ $0 }).first { throw failure }
    }

    var environment: [String: String] { ["FEED_CACHE_DIR": directory + "/cache"] }

    /// Runs `feed-cache load --format html`, checks that it succeeded, and
    /// leaves the page in a file: its path.
    func writePage(file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let result = try Command.run("feed-cache", ["load", "--format", "html"], environment: environment)
        XCTAssertEqual(result.status, 0, "feed-cache load --format html: \(result.err)", file: file, line: line)
        XCTAssertEqual(result.err, "", file: file, line: line)
        let path = directory + "/feed.html"
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(result.stdout)), file: file, line: line)
        return path
    }

    /// A feed item with a fresh id.
    static func item(url: String, description: String? = nil, location: String? = nil) -> [String: Any] {
        var item: [String: Any] = ["id": UUID().uuidString, "url": url]
        item["description"] = description
        item["location"] = location
        return item
    }
}
