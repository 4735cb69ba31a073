import Foundation
import LoopbackHTTP
import XCTest
import FeedPlatform

/// feed-fetch as a real process: URLs, feed documents and error records on
/// standard input, and malformed URLs.
final class FeedFetchInputEndToEndTests: XCTestCase, FeedFetchEndToEndTesting {

    func test_fetch_readsURLLinesFromStandardInput() throws {
        let server = try serve(["/a": .ok("A", contentType: "text/plain"), "/b": .ok("B", contentType: "text/plain")])
        let result = try Command.run("feed-fetch", [], stdin: "\(server.url("/a"))\n\n  \(server.url("/b"))  \n")

        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(result.records().map { $0["body"] as? String }, ["A", "B"])
    }

    func test_fetch_readsAFeedDocumentFromStandardInputAndFetchesEveryItemURL() throws {
        let server = try serve(["/image-0": .ok(bytes: [1, 2, 3]), "/image-1": .ok(bytes: [4, 5])])
        let document = "{\"items\":[{\"id\":\"2AB2AE66-A4B7-4A16-B374-51BBAC8DB086\",\"url\":\"\(server.url("/image-0"))\"},{\"id\":\"2AB2AE66-A4B7-4A16-B374-51BBAC8DB087\",\"url\":\"\(server.url("/image-1"))\"}]}\n"
        let result = try Command.run("feed-fetch", ["-j", "8"], stdin: document)

        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(result.records().map { $0["url"] as? String }, [server.url("/image-0"), server.url("/image-1")])
        XCTAssertEqual(server.requestCount(path: "/image-0"), 1)
        XCTAssertEqual(server.requestCount(path: "/image-1"), 1)
    }

    func test_fetch_failsWithNotFoundOnEmptyStandardInput() throws {
        let result = try Command.run("feed-fetch", [], stdin: "")

        XCTAssertEqual(result.status, 66)
        XCTAssertEqual(result.errLines.count, 1)
        XCTAssertEqual(errorKind(result), "not-found")
    }

    func test_fetch_passesOnAnErrorRecordFromStandardInputSilently() throws {
        let record = "{\"error\":{\"kind\":\"expired\",\"message\":\"cached feed expired\"}}\n"
        let result = try Command.run("feed-fetch", [], stdin: record)

        XCTAssertEqual(result.status, 66)
        XCTAssertEqual(result.err, "")
        XCTAssertEqual(result.out, record)
    }

    func test_fetch_failsWithInvalidDataOnMalformedJSONInputWithoutFetching() throws {
        let server = try serve(["/a": .ok("A")])
        let result = try Command.run("feed-fetch", [], stdin: "{\"items\":[{\"url\":\"\(server.url("/a"))\"}")

        XCTAssertEqual(result.status, 65)
        XCTAssertEqual(errorKind(result), "invalid-data")
        XCTAssertEqual(server.requests.count, 0)
    }

    func test_fetch_rejectsMalformedURLAndUnsupportedSchemeAsUsage() throws {
        for url in ["not a url", "ftp://example.com/feed", "file:///etc/passwd", "http://"] {
            let result = try Command.run("feed-fetch", [url])
            XCTAssertEqual(result.status, 64, url)
            XCTAssertEqual(result.errLines.count, 1, url)
            XCTAssertEqual(errorKind(result), "usage", url)
        }
    }
}
