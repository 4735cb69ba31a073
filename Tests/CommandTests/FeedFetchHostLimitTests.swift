import FeedConcurrency
import Foundation
import LoopbackHTTP
import XCTest
import FeedTestSupport

/// One host is not a crowd: `-j` counted on the server's side. At most six
/// connections at once to one HTTP/1.1 host, and a 429 with `Retry-After`
/// on one transfer holds back that host's transfers not yet started, while
/// another host's go on.
final class FeedFetchHostLimitTests: XCTestCase {

    func test_sixteenJobsToOneHTTP11Host_neverMoreThanSixAtOnce() throws {
        let server = try CountingServer(self) { _ in
            Thread.sleep(forTimeInterval: 0.15)
            return .ok("x", contentType: "text/plain")
        }
        let urls = (0..<48).map { server.url("/image/\($0)") }

        let result = try Command.run("feed-fetch", ["-j", "16"] + urls, timeout: 120)

        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(result.records().count, 48)
        XCTAssertEqual(server.mostAtOnce, 6, "six at once, and never more")
        XCTAssertLessThanOrEqual(server.server.connectionCount, 6)
    }

    func test_fewerJobsThanSix_areAllThatRunAtOnce() throws {
        let server = try CountingServer(self) { _ in
            Thread.sleep(forTimeInterval: 0.15)
            return .ok("x", contentType: "text/plain")
        }
        let result = try Command.run("feed-fetch", ["-j", "3"] + (0..<12).map { server.url("/image/\($0)") }, timeout: 120)

        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(server.mostAtOnce, 3)
    }

    func test_a429WithRetryAfter_pausesThatHostsTransfersNotYetStarted_whileAnotherHostsGoOn() throws {
        let paused = try CountingServer(self) { request in
            if request.path == "/image/0" { return .respond(status: 429, headers: [("Retry-After", "2")]) }
            Thread.sleep(forTimeInterval: 0.1)
            return .ok("a", contentType: "text/plain")
        }
        let other = try CountingServer(self) { _ in
            Thread.sleep(forTimeInterval: 0.1)
            return .ok("b", contentType: "text/plain")
        }
        var urls = [paused.url("/image/0")]
        for number in 1...8 { urls += [paused.url("/image/\(number)"), other.url("/image/\(number)")] }

        let result = try Command.run("feed-fetch", ["-v", "-j", "4"] + urls, timeout: 120)

        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(result.records().map { $0["status"] as? Int }.first, 429)
        let answered = try XCTUnwrap(paused.arrivals.first { $0.path == "/image/0" }?.at)
        let late = paused.arrivals.filter { $0.at > answered.addingTimeInterval(0.05) }
        XCTAssertFalse(late.isEmpty, "the paused host's other transfers ran after the wait")
        for arrival in late {
            XCTAssertGreaterThanOrEqual(arrival.at.timeIntervalSince(answered), 1.9, "\(arrival.path) came during the wait")
        }
        let during = other.arrivals.filter { $0.at > answered && $0.at < answered.addingTimeInterval(1.9) }
        XCTAssertGreaterThanOrEqual(during.count, 3, "the other host's transfers go on meanwhile")
        let host = String(paused.url("").dropFirst("http://".count))
        XCTAssertTrue(result.err.contains("* pausing the transfers to \(host) not yet started for 2 s"), result.err)
    }

    func test_aRetryAfterPastAMinute_pausesAMinuteAtMost() throws {
        // The wait is the cap's, not the hour the server asked for (no
        // other transfer to that host: nothing waits here).
        let server = try CountingServer(self) { _ in .respond(status: 503, headers: [("Retry-After", "3600")]) }
        let result = try Command.run("feed-fetch", ["-v", "-j", "2", server.url("/image/0")], timeout: 120)

        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertTrue(result.err.contains("not yet started for 60 s (503 with Retry-After)"), result.err)
    }
}

/// A loopback server that counts the requests it is answering at once, and
/// when each arrived.
final class CountingServer: @unchecked Sendable {
    struct Arrival: Sendable { var path: String; var at: Date }
    private final class Shared: Sendable {
        let state = Locked((now: 0, most: 0, arrivals: [Arrival]()))
    }
    private let shared = Shared()
    private(set) var server: LoopbackServer! = nil

    init(_ testCase: XCTestCase, _ handler: @escaping @Sendable (LoopbackRequest) -> LoopbackReply) throws {
        let shared = self.shared
        server = try LoopbackServer { request in
            shared.state.withLock { state in
                state.now += 1
                state.most = max(state.most, state.now)
                state.arrivals.append(Arrival(path: request.path, at: Date()))
            }
            defer { shared.state.withLock { $0.now -= 1 } }
            return handler(request)
        }
        let server = self.server!
        testCase.addTeardownBlock { server.stop() }
    }

    func url(_ path: String) -> String { server.url(path) }
    var mostAtOnce: Int { shared.state.withLock { $0.most } }
    var arrivals: [Arrival] { shared.state.withLock { $0.arrivals } }
}
