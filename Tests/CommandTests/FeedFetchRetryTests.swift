import Foundation
import LoopbackHTTP
import XCTest
import FeedPlatform

/// `--retry N` with the built feed-fetch against a real loopback server: what
/// is tried again, how often, how long it waits, which record is written, and
/// that a signal during a wait is the cancel course. Time bounds from below
/// are what the contract promises; those from above are loose (shared machines).
final class FeedFetchRetryTests: XCTestCase {
    func test_retry_503Then200_writesOneRecordOfThe200AfterTwoRequests() throws {
        let server = try serveSequences(["/v1/feed": [.status(503, "busy"), .ok("{\"items\":[]}")]])
        let result = try Command.run("feed-fetch", ["--retry", "3", server.url("/v1/feed")])

        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(result.err, "")
        let records = result.records()
        XCTAssertEqual(records.count, 1, result.out)
        XCTAssertEqual(records.first?["url"] as? String, server.url("/v1/feed"))
        XCTAssertEqual(records.first?["status"] as? Int, 200)
        XCTAssertEqual(records.first?["body"] as? String, "{\"items\":[]}")
        XCTAssertEqual(server.requestCount(path: "/v1/feed"), 2)
    }

    func test_retry_withoutRetryOption_triesA503Once() throws {
        let server = try serveSequences(["/v1/feed": [.status(503, "busy"), .ok("{}")]])
        let result = try Command.run("feed-fetch", [server.url("/v1/feed")])

        XCTAssertEqual(result.status, 0, "a 503 is a response")
        XCTAssertEqual(result.records().first?["status"] as? Int, 503)
        XCTAssertEqual(server.requests.count, 1, "--retry defaults to 0")
    }

    func test_retry_waitsWhatRetryAfterSecondsAsks() throws {
        // Retry-After: 2, where the backoff before a first retry is at most 1 s:
        // only honouring the header makes the gap 2 s.
        let arrivals = Arrivals()
        let server = try serveSequences(["/v1/feed": [.respond(status: 503, headers: [("Retry-After", "2")]), .ok("{}")]], arrivals: arrivals)
        let started = Date()
        let result = try Command.run("feed-fetch", ["--retry", "1", server.url("/v1/feed")])
        let elapsed = Date().timeIntervalSince(started)

        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(result.records().first?["status"] as? Int, 200)
        let gaps = arrivals.gaps
        XCTAssertEqual(gaps.count, 1, "two requests")
        XCTAssertGreaterThanOrEqual(gaps.first ?? 0, 1.9, "waited for Retry-After: 2")
        XCTAssertLessThan(elapsed, 10)
    }

    func test_retry_waitsOneSecondForRetryAfterOne() throws {
        let arrivals = Arrivals()
        let server = try serveSequences(["/v1/feed": [.respond(status: 429, headers: [("Retry-After", "1")]), .ok("{}")]], arrivals: arrivals)
        let started = Date()
        let result = try Command.run("feed-fetch", ["--retry", "1", server.url("/v1/feed")])
        let elapsed = Date().timeIntervalSince(started)

        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(result.records().first?["status"] as? Int, 200)
        XCTAssertGreaterThanOrEqual(elapsed, 0.9)
        XCTAssertGreaterThanOrEqual(arrivals.gaps.first ?? 0, 0.9)
        XCTAssertLessThan(elapsed, 10)
    }

    func test_retry_waitsUntilTheHTTPDateOfRetryAfter() throws {
        // The date is made when the 503 is sent, 3 s ahead (to the second): a wait in (2, 3] s.
        let arrivals = Arrivals()
        let count = RequestTally()
        let server = try LoopbackServer { _ in
            arrivals.note()
            if count.next() == 0 {
                return .respond(status: 503, headers: [("Retry-After", httpDate(secondsFromNow: 3))])
            }
            return .ok("{}")
        }
        addTeardownBlock { server.stop() }
        let result = try Command.run("feed-fetch", ["--retry", "1", server.url("/v1/feed")])

        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(result.records().first?["status"] as? Int, 200)
        XCTAssertGreaterThanOrEqual(arrivals.gaps.first ?? 0, 1.9, "waited until the date, not the 1 s backoff")
        XCTAssertLessThan(arrivals.gaps.first ?? 99, 10)
    }

    func test_retry_retriesEveryRetryableStatus() throws {
        let statuses = [408, 429, 500, 502, 503, 504]
        var routes: [String: [LoopbackReply]] = [:]
        for status in statuses {
            routes["/\(status)"] = [.respond(status: status, headers: [("Retry-After", "0")]), .ok("after \(status)", contentType: "text/plain")]
        }
        let server = try serveSequences(routes)
        let result = try Command.run("feed-fetch", ["--retry", "1", "-j", "3"] + statuses.map { server.url("/\($0)") })

        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(result.records().map { $0["status"] as? Int }, Array(repeating: 200, count: statuses.count))
        XCTAssertEqual(result.records().map { $0["body"] as? String }, statuses.map { "after \($0)" })
        for status in statuses {
            XCTAssertEqual(server.requestCount(path: "/\(status)"), 2, "\(status)")
        }
    }

    func test_retry_doesNotRetryA404() throws {
        let server = try serveSequences(["/v1/feed": [.status(404, "gone"), .ok("{}")]])
        let result = try Command.run("feed-fetch", ["--retry", "3", server.url("/v1/feed")])

        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(result.records().count, 1)
        XCTAssertEqual(result.records().first?["status"] as? Int, 404)
        XCTAssertEqual(result.records().first?["body"] as? String, "gone")
        XCTAssertEqual(server.requests.count, 1)
    }

    func test_retry_doesNotRetryAnyOtherStatus_evenWithRetryAfter() throws {
        let statuses = [200, 201, 204, 301, 400, 401, 403, 404, 410, 418, 501, 505]
        var routes: [String: [LoopbackReply]] = [:]
        for status in statuses {
            let headers = [("Retry-After", "0")] + (status == 301 ? [("Location", "/elsewhere")] : [])
            routes["/\(status)"] = [.respond(status: status, headers: headers), .ok("retried")]
        }
        routes["/elsewhere"] = [.status(404)]
        let server = try serveSequences(routes)
        let result = try Command.run("feed-fetch", ["--retry", "3", "-j", "4"] + statuses.map { server.url("/\($0)") })

        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(result.records().map { $0["status"] as? Int }, statuses.map { $0 == 301 ? 404 : $0 })
        for status in statuses {
            XCTAssertEqual(server.requestCount(path: "/\(status)"), 1, "\(status) is not retried")
        }
    }

    func test_retry_doesNotRetryABodyOverMaxSize() throws {
        let server = try serveSequences(["/big": [.ok(String(repeating: "b", count: 5_000))]])
        let result = try Command.run("feed-fetch", ["--retry", "3", "--max-size", "1K", server.url("/big")])

        XCTAssertEqual(result.status, 65, result.err)
        XCTAssertEqual(result.lastErrorKind, "invalid-data")
        XCTAssertEqual(server.requests.count, 1)
    }

    func test_retry_whenRetriesAreExhausted_writesTheLastResponsesRecord() throws {
        let server = try serveSequences(["/v1/feed": [.status(503, "first"), .status(503, "second"), .status(503, "third"), .ok("{}")]])
        let started = Date()
        let result = try Command.run("feed-fetch", ["--retry", "2", server.url("/v1/feed")])
        let elapsed = Date().timeIntervalSince(started)

        XCTAssertEqual(result.status, 0, "a 503 is a response: \(result.err)")
        XCTAssertEqual(result.err, "")
        let records = result.records()
        XCTAssertEqual(records.count, 1)
        XCTAssertEqual(records.first?["status"] as? Int, 503)
        XCTAssertEqual(records.first?["body"] as? String, "third", "the last attempt's response")
        XCTAssertEqual(server.requests.count, 3, "the first attempt and 2 retries")
        XCTAssertGreaterThanOrEqual(elapsed, 1.4, "backoffs of (0.5, 1] s and (1, 2] s")
        XCTAssertLessThan(elapsed, 15)
    }

    func test_retry_retriesARefusedConnection_afterABackoff_andEndsInConnectivity() throws {
        let url = try refusedURL()
        let started = Date()
        let result = try Command.run("feed-fetch", ["--retry", "1", url])
        let elapsed = Date().timeIntervalSince(started)

        XCTAssertEqual(result.status, 69, result.out)
        XCTAssertEqual(result.lastErrorKind, "connectivity")
        XCTAssertEqual(result.errLines.count, 1, "only the last attempt's failure is reported: \(result.err)")
        XCTAssertTrue(result.err.contains("refused"), result.err)
        XCTAssertEqual(result.records().count, 1)
        XCTAssertGreaterThanOrEqual(elapsed, 0.4, "waited the first backoff, (0.5, 1] s")
        XCTAssertLessThan(elapsed, 10)
    }

    func test_retry_retriesAConnectionClosedWithoutAnswer_thenSucceeds() throws {
        let server = try serveSequences(["/v1/feed": [.closeWithoutResponse, .ok("{\"items\":[]}")]])
        let result = try Command.run("feed-fetch", ["--retry", "1", server.url("/v1/feed")])

        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(result.err, "", "a failure that a retry made good is not reported")
        XCTAssertEqual(result.records().count, 1)
        XCTAssertEqual(result.records().first?["status"] as? Int, 200)
        XCTAssertEqual(server.requests.count, 2)
    }

    func test_retry_connectivityFailuresExhausted_writeTheLastFailure() throws {
        let server = try serveSequences(["/v1/feed": [.closeWithoutResponse]])
        let result = try Command.run("feed-fetch", ["--retry", "1", server.url("/v1/feed")])

        XCTAssertEqual(result.status, 69, result.out)
        XCTAssertEqual(result.lastErrorKind, "connectivity")
        XCTAssertEqual(result.errLines.count, 1, result.err)
        XCTAssertEqual(server.requests.count, 2)
    }

    func test_retry_sigtermDuringARetryWait_isTheCancelCourse() throws {
        try assertCancelDuringRetryWait(signal: SIGTERM, exitStatus: 143)
    }

    func test_retry_sigintDuringARetryWait_isTheCancelCourse() throws {
        try assertCancelDuringRetryWait(signal: SIGINT, exitStatus: 130)
    }

    // MARK: - Helpers

    private func assertCancelDuringRetryWait(signal: Int32, exitStatus: Int32, file: StaticString = #filePath, line: UInt = #line) throws {
        let server = try serveSequences(["/v1/feed": [.respond(status: 503, headers: [("Retry-After", "30")], body: Array("busy".utf8))]])
        let running = try Command.start("feed-fetch", ["--retry", "1", server.url("/v1/feed")])
        XCTAssertTrue(server.waitForRequests(1, timeout: 20), "the first attempt", file: file, line: line)
        usleep(400_000) // the 503 is read and the 30 s wait begun
        XCTAssertEqual(server.requests.count, 1, file: file, line: line)
        let signalled = Date()
        running.send(signal)
        let result = running.wait(timeout: 20, file: file, line: line)

        XCTAssertEqual(result.status, exitStatus, "exit status: \(result.err)", file: file, line: line)
        XCTAssertFalse(result.signaled, "exits with 128 + signal, not by the signal", file: file, line: line)
        XCTAssertEqual(result.out, "", "nothing on stdout", file: file, line: line)
        XCTAssertEqual(result.err, "", "nothing on stderr", file: file, line: line)
        XCTAssertLessThan(Date().timeIntervalSince(signalled), 10, "stops at once, not after the wait", file: file, line: line)
        XCTAssertEqual(server.requests.count, 1, "no retry after the signal", file: file, line: line)
    }

    private func serveSequences(_ routes: [String: [LoopbackReply]], arrivals: Arrivals? = nil) throws -> LoopbackServer {
        let handler = LoopbackRoutes.sequences(routes)
        let server = try LoopbackServer { request in
            arrivals?.note()
            return handler(request)
        }
        addTeardownBlock { server.stop() }
        return server
    }
}

/// When requests arrived, on the monotonic clock.
private final class Arrivals: @unchecked Sendable {
    private let lock = NSLock()
    private var times: [Double] = []

    func note() {
        let now = Double(DispatchTime.now().uptimeNanoseconds) / 1e9
        lock.withLock { times.append(now) }
    }

    /// Seconds between each request and the one before.
    var gaps: [Double] {
        let times = lock.withLock { self.times }
        return zip(times.dropFirst(), times).map { $0 - $1 }
    }
}

/// Counts requests, from 0.
private final class RequestTally: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    func next() -> Int { lock.withLock { defer { count += 1 }; return count } }
}

/// An IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`) `seconds` from now.
private func httpDate(secondsFromNow seconds: Int) -> String {
    var time = time_t(Int(Date().timeIntervalSince1970) + seconds)
    var parts = tm()
    gmtime_r(&time, &parts)
    let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
    return "\(days[Int(parts.tm_wday)]), \(two(parts.tm_mday)) \(months[Int(parts.tm_mon)]) \(parts.tm_year + 1900) "
        + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)) GMT"
}
