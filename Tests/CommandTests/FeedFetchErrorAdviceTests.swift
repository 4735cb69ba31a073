import Foundation
import LoopbackHTTP
import XCTest

/// Errors that say what went wrong and what to do: a head too large, no
/// descriptors left, a URL with no scheme; and `-H @FILE` read only up to
/// its limit, so that an endless file fails at once.
final class FeedFetchErrorAdviceTests: XCTestCase {

    func test_aTenMegabyteResponseHeader_isResponseHeadersTooLarge() throws {
        let head = "HTTP/1.1 200 OK\r\nX-Big: " + String(repeating: "a", count: 10 << 20) + "\r\nContent-Length: 2\r\n\r\nok"
        let server = try serve(["/v1/feed": .raw(Array(head.utf8))])

        let result = try Command.run("feed-fetch", [server.url("/v1/feed")])

        XCTAssertEqual(result.status, 69, result.err)
        XCTAssertEqual(result.err, "feed-fetch: \(server.url("/v1/feed")): response headers too large\n")
    }

    func test_runningOutOfDescriptors_saysSoAndWhatToDo() throws {
        // One host gets at most six connections at once: 48 hosts (one server
        // a port, each its own origin), slow to answer, need more at once
        // than 32 descriptors allow.
        let servers = try (1...48).map { _ in try serve(["/v1/feed": .delayed(seconds: 0.5, then: .ok("{}"))]) }
        let urls = servers.map { shellQuote($0.url("/v1/feed")) }.joined(separator: " ")

        let result = try Command.sh("ulimit -n 32; exec feed-fetch -j 256 \(urls)", timeout: 60)

        XCTAssertEqual(result.status, 69, result.err)
        XCTAssertTrue(result.err.contains(": too many open files (lower -j or raise ulimit -n)\n"), result.err)
        XCTAssertFalse(result.err.contains("cannot connect"), result.err)
    }

    func test_aURLWithoutAScheme_isUsage_sayingToWriteOne() throws {
        let result = try Command.run("feed-fetch", ["api.example.com/v1/feed"])

        XCTAssertEqual(result.status, 64, result.err)
        XCTAssertEqual(result.err, "feed-fetch: api.example.com/v1/feed: no scheme: write http:// or https://\n")
        let malformed = try Command.run("feed-fetch", ["http://"])
        XCTAssertEqual(malformed.status, 64)
        XCTAssertTrue(malformed.err.hasSuffix(": malformed URL\n"), malformed.err)
    }

    func test_headerFileThatNeverEnds_failsAtOnceAsUsage() throws {
        let server = try serve(["/v1/feed": .ok("{}")])
        let started = Date()

        let result = try Command.run("feed-fetch", ["-H", "@/dev/zero", server.url("/v1/feed")], timeout: 20)

        XCTAssertEqual(result.status, 64, result.err)
        XCTAssertEqual(result.err, "feed-fetch: -H @/dev/zero: /dev/zero holds more than 1048576 bytes (see 'feed-fetch --help')\n")
        XCTAssertLessThan(Date().timeIntervalSince(started), 10)
        XCTAssertEqual(server.requests.count, 0)
    }

    func test_headerFileOfExactlyTheLimit_isRead_andAFIFOStillWorks() throws {
        let server = try serve(["/v1/feed": .ok("{}")])
        let directory = makeTemporaryDirectory(self)
        let full = "X-A: 1\n" + String(repeating: "#", count: (1 << 20) - 8) + "\n"
        XCTAssertEqual(full.utf8.count, 1 << 20)
        try writeFile(directory + "/full", Array(full.utf8))

        let result = try Command.run("feed-fetch", ["-H", "@" + directory + "/full", server.url("/v1/feed")])
        XCTAssertEqual(result.status, 0, result.err)
        let fifo = try Command.sh("mkfifo \(directory)/fifo && { printf 'X-B: 2\\n' > \(directory)/fifo & } && exec feed-fetch -H @\(directory)/fifo \(server.url("/v1/feed"))")
        XCTAssertEqual(fifo.status, 0, fifo.err)

        XCTAssertEqual(server.requests.map { $0.header("X-A") ?? $0.header("X-B") }, ["1", "2"])
    }
}
