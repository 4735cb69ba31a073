import Foundation
import LoopbackHTTP
import XCTest
import FeedPlatform

/// feed-fetch as a real process against a real HTTP server on 127.0.0.1:
/// transport failures and `--max-size`, each its documented code.
final class FeedFetchFailureEndToEndTests: XCTestCase, FeedFetchEndToEndTesting {

    func test_fetch_failsWithConnectivityOnMoreThanTenRedirects() throws {
        var routes: [String: LoopbackReply] = ["/r11": .ok("done", contentType: "text/plain")]
        for hop in 0..<11 { routes["/r\(hop)"] = .redirect(to: "/r\(hop + 1)") }
        let server = try serve(routes)
        let result = try Command.run("feed-fetch", [server.url("/r0")])

        XCTAssertEqual(result.status, 69)
        XCTAssertEqual(result.errLines.count, 1, result.err)
        XCTAssertEqual(errorKind(result), "connectivity")
    }

    func test_fetch_failsWithConnectivityOnRedirectLoop() throws {
        let server = try serve(["/loop": .redirect(to: "/loop")])
        let result = try Command.run("feed-fetch", [server.url("/loop")])

        XCTAssertEqual(result.status, 69)
        XCTAssertEqual(errorKind(result), "connectivity")
    }

    func test_fetch_failsWithConnectivityOnConnectionRefused() throws {
        let url = try refusedURL("/v1/feed")
        let result = try Command.run("feed-fetch", [url])

        XCTAssertEqual(result.status, 69)
        XCTAssertEqual(result.errLines.count, 1, result.err)
        XCTAssertTrue(result.err.hasPrefix("feed-fetch: \(url): "), result.err)
        let record = try XCTUnwrap(result.records().first)
        XCTAssertEqual(record["url"] as? String, url)
        XCTAssertEqual((record["error"] as? [String: Any])?["kind"] as? String, "connectivity")
    }

    func test_fetch_failsWithConnectivityWhenTheServerNeverAnswersWithinTheTimeout() throws {
        let server = try serve(["/hang": .hang])
        let result = try Command.run("feed-fetch", ["--timeout", "1", server.url("/hang")], timeout: 30)

        XCTAssertEqual(result.status, 69)
        XCTAssertEqual(errorKind(result), "connectivity")
        XCTAssertTrue(result.err.contains("timed out"), result.err)
    }

    func test_fetch_failsWithConnectivityWhenADrippingBodyOutlastsTheTimeout() throws {
        let server = try serve(["/drip": .drip(status: 200, body: Array(repeating: UInt8(ascii: "a"), count: 100), bytesPerChunk: 1, interval: 0.5)])
        let result = try Command.run("feed-fetch", ["--timeout", "1", server.url("/drip")], timeout: 30)

        XCTAssertEqual(result.status, 69)
        XCTAssertEqual(errorKind(result), "connectivity")
        XCTAssertFalse(result.out.contains("\"body\""), "no record may carry a partial body")
    }

    func test_fetch_failsWithConnectivityOnBodyShorterThanContentLength() throws {
        let server = try serve(["/short": .truncated(status: 200, body: Array("{\"items\":[".utf8), declaredLength: 100)])
        let result = try Command.run("feed-fetch", [server.url("/short")])

        XCTAssertEqual(result.status, 69, result.out)
        XCTAssertEqual(errorKind(result), "connectivity")
        XCTAssertFalse(result.out.contains("\"body\""), "no record may carry a partial body")
    }

    func test_fetch_failsWithConnectivityOnConnectionResetMidBody() throws {
        let body = Array(repeating: UInt8(ascii: "x"), count: 200_000)
        let server = try serve(["/reset": .resetMidBody(status: 200, body: body, sentBytes: 1000)])
        let result = try Command.run("feed-fetch", [server.url("/reset")])

        XCTAssertEqual(result.status, 69, result.out)
        XCTAssertEqual(errorKind(result), "connectivity")
        XCTAssertFalse(result.out.contains("\"body\""))
    }

    func test_fetch_failsWithInvalidDataOnBodyOverMaxSize() throws {
        let server = try serve(["/big": .ok(String(repeating: "a", count: 10_000))])
        let result = try Command.run("feed-fetch", ["--max-size", "1K", server.url("/big")])

        XCTAssertEqual(result.status, 65)
        XCTAssertEqual(errorKind(result), "invalid-data")
        XCTAssertTrue(result.err.contains("max-size"), result.err)
    }

    func test_fetch_failsWithInvalidDataWhenAChunkedBodyWithoutLengthGrowsPastMaxSize() throws {
        var chunked: [UInt8] = []
        for _ in 0..<64 {
            chunked += Array("400\r\n".utf8) + Array(repeating: UInt8(ascii: "b"), count: 1024) + Array("\r\n".utf8)
        }
        chunked += Array("0\r\n\r\n".utf8)
        let server = try serve(["/chunked": .respond(status: 200, headers: [("Transfer-Encoding", "chunked")], body: chunked)])
        let result = try Command.run("feed-fetch", ["--max-size", "4K", server.url("/chunked")])

        XCTAssertEqual(result.status, 65)
        XCTAssertEqual(errorKind(result), "invalid-data")
        XCTAssertFalse(result.out.contains("\"body\""))
    }

    func test_fetch_acceptsAChunkedBodyWithinMaxSize() throws {
        let chunked = Array("5\r\nhello\r\n6\r\n world\r\n0\r\n\r\n".utf8)
        let server = try serve(["/chunked": .respond(status: 200, headers: [("Transfer-Encoding", "chunked")], body: chunked)])
        let result = try Command.run("feed-fetch", ["--max-size", "11", server.url("/chunked")])

        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(result.records().first?["body"] as? String, "hello world")
    }

    func test_fetch_acceptsBodyOfExactlyMaxSize() throws {
        let server = try serve(["/exact": .ok(String(repeating: "a", count: 1024))])
        let result = try Command.run("feed-fetch", ["--max-size", "1024", server.url("/exact")])

        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual((result.records().first?["body"] as? String)?.count, 1024)
    }
}
