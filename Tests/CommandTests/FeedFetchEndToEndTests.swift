import Foundation
import LoopbackHTTP
import XCTest
import FeedPlatform

/// feed-fetch as a real process against a real HTTP server on 127.0.0.1.
final class FeedFetchEndToEndTests: XCTestCase {
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

    func test_fetch_keepsInputOrderWithParallelJobsWhenLaterURLsFinishFirst() throws {
        var routes: [String: LoopbackReply] = [:]
        for index in 0..<6 {
            routes["/\(index)"] = .delayed(seconds: Double(6 - index) * 0.1, then: .ok("body \(index)", contentType: "text/plain"))
        }
        let server = try serve(routes)
        let urls = (0..<6).map { server.url("/\($0)") }
        let result = try Command.run("feed-fetch", ["-j", "3"] + urls)

        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(result.records().map { $0["url"] as? String }, urls)
        XCTAssertEqual(result.records().map { $0["body"] as? String }, (0..<6).map { "body \($0)" })
    }

    func test_fetch_batchGoesOnAfterAFailureAndExitsWithTheFirstFailure() throws {
        let server = try serve(["/ok": .ok("fine", contentType: "text/plain")])
        let refused = try refusedURL("/gone")
        let result = try Command.run("feed-fetch", ["-j", "2", server.url("/ok"), "ftp://example.com/x", refused, server.url("/ok")])

        XCTAssertEqual(result.status, 64, "the first failure in input order is the usage error")
        let records = result.records()
        XCTAssertEqual(records.count, 4)
        XCTAssertEqual(records[0]["status"] as? Int, 200)
        XCTAssertEqual((records[1]["error"] as? [String: Any])?["kind"] as? String, "usage")
        XCTAssertEqual((records[2]["error"] as? [String: Any])?["kind"] as? String, "connectivity")
        XCTAssertEqual(records[3]["status"] as? Int, 200)
        XCTAssertEqual(result.errLines.count, 2, result.err)
    }

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

    func test_fetch_cancelCourse_exitsOnSIGTERMAndSIGINTWritingNothing() throws {
        for (signal, code) in [(SIGTERM, Int32(143)), (SIGINT, Int32(130))] {
            let server = try serve(["/hang": .hang])
            let running = try Command.start("feed-fetch", [server.url("/hang")])
            XCTAssertTrue(server.waitForRequests(1, timeout: 20), "the fetch never reached the server")
            running.send(signal)
            let result = running.wait(timeout: 20)

            XCTAssertFalse(result.signaled)
            XCTAssertEqual(result.status, code)
            XCTAssertEqual(result.out, "")
            XCTAssertEqual(result.err, "")
        }
    }

    func test_fetch_cancelCourse_inTheMiddleOfABatchWritesNoPartialRecord() throws {
        let server = try serve(["/fast": .ok(String(repeating: "z", count: 100_000), contentType: "text/plain"), "/hang": .hang])
        let running = try Command.start("feed-fetch", [server.url("/fast"), server.url("/hang")])
        XCTAssertTrue(server.waitForRequests(2, timeout: 20))
        XCTAssertTrue(running.waitForOutput(100_000, timeout: 20), "the first record was never written")
        running.send(SIGTERM)
        let result = running.wait(timeout: 20)

        XCTAssertEqual(result.status, 143)
        XCTAssertEqual(result.err, "")
        XCTAssertEqual(result.outLines.count, 1, "the finished record, whole, and nothing after it")
        XCTAssertEqual(result.records().first?["status"] as? Int, 200)
    }

    // MARK: Helpers

    private func errorKind(_ result: CommandResult, file: StaticString = #filePath, line: UInt = #line) -> String? {
        let records = result.records(file: file, line: line)
        XCTAssertEqual(records.count, 1, "one error record", file: file, line: line)
        return (records.first?["error"] as? [String: Any])?["kind"] as? String
    }
}
