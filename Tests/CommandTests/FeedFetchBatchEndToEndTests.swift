import Foundation
import LoopbackHTTP
import XCTest
import FeedPlatform

/// feed-fetch as a real process against a real HTTP server on 127.0.0.1:
/// batches in input order with parallel jobs, and the cancel course.
final class FeedFetchBatchEndToEndTests: XCTestCase, FeedFetchEndToEndTesting {

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
}
