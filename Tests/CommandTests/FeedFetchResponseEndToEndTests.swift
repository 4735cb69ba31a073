import Foundation
import LoopbackHTTP
import XCTest
import FeedPlatform

/// feed-fetch as a real process against a real HTTP server on 127.0.0.1:
/// the response records it writes, redirects followed.
final class FeedFetchResponseEndToEndTests: XCTestCase, FeedFetchEndToEndTesting {

    func test_fetch_writesOneResponseRecordWithStatusHeadersAndBody() throws {
        let server = try serve(["/v1/feed": .respond(status: 200, headers: [("Content-Type", "application/json")], body: Array("{\"items\":[]}".utf8))])
        let result = try Command.run("feed-fetch", [server.url("/v1/feed")])

        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(result.err, "")
        XCTAssertEqual(result.outLines.count, 1)
        let record = try XCTUnwrap(result.records().first)
        XCTAssertEqual(record["url"] as? String, server.url("/v1/feed"))
        XCTAssertEqual(record["status"] as? Int, 200)
        XCTAssertEqual((record["headers"] as? [String: String])?["content-type"], "application/json")
        XCTAssertEqual(record["body"] as? String, "{\"items\":[]}")
        XCTAssertNil(record["body_base64"])
        XCTAssertTrue(result.out.hasPrefix("{\"url\":\"http://127.0.0.1:\(server.port)/v1/feed\",\"status\":200,\"headers\":{"), result.out)
    }

    func test_fetch_deliversNon200StatusesAsResponsesNotErrors() throws {
        let server = try serve(["/a": .status(404, "nope"), "/b": .status(500)])
        let result = try Command.run("feed-fetch", [server.url("/a"), server.url("/b")])

        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(result.records().map { $0["status"] as? Int }, [404, 500])
        XCTAssertEqual(result.records().map { $0["body"] as? String }, ["nope", ""])
    }

    func test_fetch_writesBodyBase64WhenBodyIsNotUTF8() throws {
        let bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0xFF, 0x00, 0xFE]
        let server = try serve(["/image": .ok(bytes: bytes, contentType: "image/png")])
        let result = try Command.run("feed-fetch", [server.url("/image")])

        XCTAssertEqual(result.status, 0, result.err)
        let record = try XCTUnwrap(result.records().first)
        XCTAssertNil(record["body"])
        XCTAssertEqual(record["body_base64"] as? String, Data(bytes).base64EncodedString())
    }

    func test_fetch_writesEmptyBodyAsEmptyString() throws {
        let server = try serve(["/empty": .respond(status: 200)])
        let result = try Command.run("feed-fetch", [server.url("/empty")])

        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertTrue(result.out.hasSuffix(",\"body\":\"\"}\n"), result.out)
    }

    func test_fetch_lowerCasesHeaderNamesAndJoinsRepeatedHeaders() throws {
        let server = try serve(["/h": .respond(status: 200, headers: [("X-Thing", "one"), ("X-Thing", "two"), ("ETag", "\"abc\"")], body: Array("x".utf8))])
        let result = try Command.run("feed-fetch", [server.url("/h")])

        let headers = try XCTUnwrap(result.records().first?["headers"] as? [String: String])
        XCTAssertEqual(headers["x-thing"], "one, two")
        XCTAssertEqual(headers["etag"], "\"abc\"")
        XCTAssertNil(headers["ETag"])
    }

    func test_fetch_followsRedirectsAndReportsFinalStatusWithTheURLAskedFor() throws {
        let server = try serve([
            "/old": .redirect(to: "/middle", status: 301),
            "/middle": .redirect(to: "/new", status: 302),
            "/new": .ok("{\"items\":[]}"),
        ])
        let result = try Command.run("feed-fetch", [server.url("/old")])

        XCTAssertEqual(result.status, 0, result.err)
        let record = try XCTUnwrap(result.records().first)
        XCTAssertEqual(record["url"] as? String, server.url("/old"))
        XCTAssertEqual(record["status"] as? Int, 200)
        XCTAssertEqual(record["body"] as? String, "{\"items\":[]}")
    }

    func test_fetch_followsExactlyTenRedirects() throws {
        var routes: [String: LoopbackReply] = ["/r10": .ok("done", contentType: "text/plain")]
        for hop in 0..<10 { routes["/r\(hop)"] = .redirect(to: "/r\(hop + 1)") }
        let server = try serve(routes)
        let result = try Command.run("feed-fetch", [server.url("/r0")])

        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(result.records().first?["body"] as? String, "done")
    }
}
