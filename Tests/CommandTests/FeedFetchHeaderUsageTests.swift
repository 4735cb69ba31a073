import Foundation
import LoopbackHTTP
import XCTest
import FeedPlatform

/// A malformed header or an unreadable header file: a usage error, one message, no request.
final class FeedFetchHeaderUsageTests: XCTestCase, FeedFetchHeaderTesting {

    func test_fetch_malformedHeaderIsAUsageError_withOneMessageAndNoRequest() throws {
        let server = try serve(["/v1/feed": .ok("{}")])
        let malformed = [
            "NoColonHere",
            "Bad Name: value",
            "Bad(Name): value",
            ": value",
            "X-Line: a\nb",
            "X-Line: a\r\nX-Injected: b",
            "X-Control: a\u{1B}b",
            "Ünicode-Name: value",
        ]
        for header in malformed {
            let result = try Command.run("feed-fetch", ["-H", header, server.url("/v1/feed")])

            XCTAssertEqual(result.status, 64, "\(header.debugDescription): \(result.out) \(result.err)")
            XCTAssertEqual(result.errLines.count, 1, "\(header.debugDescription): \(result.err)")
            XCTAssertTrue(result.err.hasPrefix("feed-fetch: "), result.err)
            XCTAssertEqual(result.lastErrorKind, "usage", result.out)
        }
        XCTAssertEqual(server.connectionCount, 0, "no request made")
        XCTAssertTrue(server.requests.isEmpty)
    }

    func test_fetch_unreadableHeaderFileIsAUsageError_withOneMessageAndNoRequest() throws {
        let server = try serve(["/v1/feed": .ok("{}")])
        let dir = makeTemporaryDirectory(self)
        for path in [dir + "/does-not-exist", dir, dir + "/does-not-exist/inside"] {
            let result = try Command.run("feed-fetch", ["-H", "@" + path, server.url("/v1/feed")])

            XCTAssertEqual(result.status, 64, "\(path): \(result.err)")
            XCTAssertEqual(result.errLines.count, 1, result.err)
            XCTAssertTrue(result.err.contains(path), "names the file: \(result.err)")
            XCTAssertEqual(result.lastErrorKind, "usage", result.out)
        }
        XCTAssertEqual(server.connectionCount, 0, "no request made")
    }
}
