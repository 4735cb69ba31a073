import FeedConcurrency
import Foundation
import LoopbackHTTP
import XCTest
import FeedTestSupport

/// A refresh that asks only when the server allows it: the freshness a
/// response stated, and a `Retry-After` remembered between runs, against a
/// loopback server whose every answer the test scripts, with the clock set
/// by faketime for each run.
final class PoliteRefreshTests: XCTestCase {
    private let refresh = #"feed-fetch --if-changed "$URL" | feed-map | feed-cache save -q"#
    private let readme = #"feed-fetch --if-changed "$URL" | feed-map | feed-cache save -q || feed-cache load > /dev/null"#
    private let item = ["id": "73a7f70c-75da-4c2e-b5a3-eed40dc53aa6", "image": "https://images.example/1.jpg"]

    // MARK: - Freshness

    func test_twoRefreshesInsideMaxAge_makeOneRequest_leaveTheFeedFileByteForByte_andTheFirstAfterIsA304() throws {
        let server = try ScriptedFeedServer(self, [feed(["Cache-Control": "max-age=600"]), notModified(["Cache-Control": "max-age=600"])])
        let env = environment(server)
        XCTAssertEqual(try runAt("2026-11-01 08:00:00", refresh, env).status, 0)
        let saved = try feedFile(env)

        let inside = try runAt("2026-11-01 08:09:59", refresh, env)

        XCTAssertEqual(inside.status, 0, inside.err)
        XCTAssertEqual(inside.err, "")
        XCTAssertEqual(server.requestCount, 1, "no request inside the freshness")
        XCTAssertEqual(try feedFile(env), saved, "the feed file, byte for byte")

        XCTAssertEqual(try runAt("2026-11-01 08:10:00", refresh, env).status, 0)
        XCTAssertEqual(server.answered, [200, 304], "asked again once the freshness ended")
        XCTAssertEqual(server.requests.last?.header("If-None-Match"), #""a""#)
    }

    func test_aFreshRun_writesAFreshRecord_andSaveWritesTheCachedFeedAsAfterA304() throws {
        let server = try ScriptedFeedServer(self, [feed(["Cache-Control": "max-age=600"])])
        let env = environment(server)
        XCTAssertEqual(try runAt("2026-11-01 08:00:00", refresh, env).status, 0)

        let record = try runAt("2026-11-01 08:05:00", #"feed-fetch --if-changed "$URL""#, env)
        let loaded = try runAt("2026-11-01 08:05:00", "feed-cache load", env)
        let saved = try runAt("2026-11-01 08:05:00", #"feed-fetch --if-changed "$URL" | feed-map | feed-cache save"#, env)

        XCTAssertEqual(record.status, 0, record.err)
        XCTAssertEqual(record.out, #"{"url":"\#(server.url)","fresh_until":"2026-11-01T08:10:00Z"}"# + "\n")
        XCTAssertEqual(saved.status, 0, saved.err)
        XCTAssertEqual(saved.out, loaded.out)
        XCTAssertEqual(server.requestCount, 1)
    }

    func test_expiresRelativeToDate_isAFreshnessToo() throws {
        let server = try ScriptedFeedServer(self, [feed(["Date": "Sun, 01 Nov 2026 08:00:00 GMT", "Expires": "Sun, 01 Nov 2026 08:05:00 GMT"])])
        let env = environment(server)
        XCTAssertEqual(try runAt("2026-11-01 09:00:00", refresh, env).status, 0)

        XCTAssertEqual(try runAt("2026-11-01 09:04:59", refresh, env).status, 0)
        XCTAssertEqual(server.requestCount, 1, "five minutes from the save")
        XCTAssertEqual(try runAt("2026-11-01 09:05:00", refresh, env).status, 0)
        XCTAssertEqual(server.requestCount, 2)
    }

    func test_anAgeHeader_shortensTheFreshness() throws {
        let server = try ScriptedFeedServer(self, [feed(["Cache-Control": "max-age=600", "Age": "500"])])
        let env = environment(server)
        XCTAssertEqual(try runAt("2026-11-01 08:00:00", refresh, env).status, 0)

        XCTAssertEqual(try runAt("2026-11-01 08:01:40", refresh, env).status, 0)
        XCTAssertEqual(server.requestCount, 2, "600 s less the 500 it had already been stored")
    }

    func test_aYearsMaxAge_endsWithTheCachesExpiry() throws {
        let server = try ScriptedFeedServer(self, [feed(["Cache-Control": "max-age=31536000"]), notModified([:])])
        let env = environment(server)
        XCTAssertEqual(try runAt("2026-11-01 08:00:00", refresh, env).status, 0)

        XCTAssertEqual(try runAt("2026-11-07 08:00:00", readme, env).status, 0)
        XCTAssertEqual(server.requestCount, 1, "six days: still fresh")
        XCTAssertEqual(try runAt("2026-11-08 08:00:00", readme, env).status, 0)
        XCTAssertEqual(server.answered, [200, 304], "seven days, the cache's max age: asked")
    }

    func test_noCacheOrNoStore_asksEveryTime() throws {
        for directive in ["no-cache, max-age=600", "max-age=600, no-store"] {
            let server = try ScriptedFeedServer(self, [feed(["Cache-Control": directive]), notModified(["Cache-Control": directive])])
            let env = environment(server)
            XCTAssertEqual(try runAt("2026-11-01 08:00:00", refresh, env).status, 0)
            XCTAssertEqual(try runAt("2026-11-01 08:01:00", refresh, env).status, 0)
            XCTAssertEqual(try runAt("2026-11-01 08:02:00", refresh, env).status, 0)
            XCTAssertEqual(server.answered, [200, 304, 304], directive)
        }
    }

    func test_plainFeedFetch_alwaysAsks() throws {
        let server = try ScriptedFeedServer(self, [feed(["Cache-Control": "max-age=600"])])
        let env = environment(server)
        XCTAssertEqual(try runAt("2026-11-01 08:00:00", refresh, env).status, 0)

        XCTAssertEqual(try runAt("2026-11-01 08:01:00", #"feed-fetch "$URL" > /dev/null"#, env).status, 0)
        XCTAssertEqual(server.requestCount, 2)
    }

    func test_a304_renewsTheFreshness_andOneWithoutMaxAge_endsIt() throws {
        let server = try ScriptedFeedServer(self, [feed(["Cache-Control": "max-age=60"]), notModified(["Cache-Control": "max-age=600"]), notModified([:])])
        let env = environment(server)
        XCTAssertEqual(try runAt("2026-11-01 08:00:00", refresh, env).status, 0)
        XCTAssertEqual(try runAt("2026-11-01 08:01:00", refresh, env).status, 0)
        XCTAssertEqual(try runAt("2026-11-01 08:10:59", refresh, env).status, 0)
        XCTAssertEqual(server.answered, [200, 304], "fresh for 600 s from the 304")
        XCTAssertEqual(try runAt("2026-11-01 08:11:00", refresh, env).status, 0)
        XCTAssertEqual(try runAt("2026-11-01 08:11:01", refresh, env).status, 0)
        XCTAssertEqual(server.answered, [200, 304, 304, 304], "the last 304 stated no freshness")
    }

    // MARK: - Retry-After

    func test_a429WithRetryAfterSeconds_defersTheRunsInside_andTheFirstAfterAsks() throws {
        try deferral(status: 429, retryAfter: "3600", saved: "2026-11-01 08:00:00", failed: "2026-11-01 09:00:00",
                     inside: "2026-11-01 09:59:59", until: "2026-11-01T10:00:00Z", after: "2026-11-01 10:00:00")
    }

    func test_a503WithRetryAfterAsADate_defersTheRunsInside_andTheFirstAfterAsks() throws {
        try deferral(status: 503, retryAfter: "Sun, 01 Nov 2026 12:30:00 GMT", saved: "2026-11-01 08:00:00", failed: "2026-11-01 09:00:00",
                     inside: "2026-11-01 12:29:59", until: "2026-11-01T12:30:00Z", after: "2026-11-01 12:30:00")
    }

    func test_aRetryAfterPastADay_isCappedAtADay() throws {
        try deferral(status: 429, retryAfter: "604800", saved: "2026-11-01 08:00:00", failed: "2026-11-01 09:00:00",
                     inside: "2026-11-02 08:59:59", until: "2026-11-02T09:00:00Z", after: "2026-11-02 09:00:00")
    }

    func test_aRetryAfterInThePast_defersNothing() throws {
        let server = try ScriptedFeedServer(self, [feed([:]), reply(429, ["Retry-After": "Sun, 01 Nov 2026 07:00:00 GMT"]), notModified([:])])
        let env = environment(server)
        XCTAssertEqual(try runAt("2026-11-01 08:00:00", refresh, env).status, 0)
        XCTAssertEqual(try runAt("2026-11-01 09:00:00", refresh, env).status, 65)

        XCTAssertEqual(try runAt("2026-11-01 09:00:01", refresh, env).status, 0)
        XCTAssertEqual(server.answered, [200, 429, 304])
    }

    func test_aRetryAfterOnA500_orWithoutOne_isNotRemembered() throws {
        let server = try ScriptedFeedServer(self, [feed([:]), reply(500, ["Retry-After": "3600"]), reply(429, [:]), notModified([:])])
        let env = environment(server)
        XCTAssertEqual(try runAt("2026-11-01 08:00:00", refresh, env).status, 0)
        XCTAssertEqual(try runAt("2026-11-01 09:00:00", refresh, env).status, 65)
        XCTAssertEqual(try runAt("2026-11-01 09:00:01", refresh, env).status, 65)
        XCTAssertEqual(try runAt("2026-11-01 09:00:02", refresh, env).status, 0)
        XCTAssertEqual(server.answered, [200, 500, 429, 304])
    }

    func test_aDeferral_leavesTheFeedFileAndItsValidators_untouched() throws {
        let server = try ScriptedFeedServer(self, [feed([:]), reply(429, ["Retry-After": "3600"])])
        let env = environment(server)
        XCTAssertEqual(try runAt("2026-11-01 08:00:00", refresh, env).status, 0)
        let saved = try feedFile(env)

        XCTAssertEqual(try runAt("2026-11-01 09:00:00", refresh, env).status, 65)
        XCTAssertEqual(try runAt("2026-11-01 09:10:00", refresh, env).status, 75)

        XCTAssertEqual(try feedFile(env), saved)
    }

    /// A first save, a failure answered `status` with `retryAfter`, then:
    /// inside the wait nothing is sent (feed-fetch exits 75 saying until
    /// when, the README's line 0); at its end a request goes out.
    private func deferral(status: Int, retryAfter: String, saved: String, failed: String, inside: String, until: String, after: String,
                          file: StaticString = #filePath, line: UInt = #line) throws {
        let server = try ScriptedFeedServer(self, [feed([:]), reply(status, ["Retry-After": retryAfter]), notModified([:])])
        let env = environment(server)
        XCTAssertEqual(try runAt(saved, refresh, env).status, 0, file: file, line: line)
        XCTAssertEqual(try runAt(failed, refresh, env).status, 65, file: file, line: line)

        let fetch = try runAt(inside, #"feed-fetch --if-changed "$URL""#, env)
        let fallback = try runAt(inside, readme, env)

        XCTAssertEqual(fetch.status, 75, fetch.err, file: file, line: line)
        XCTAssertEqual(fetch.errLines.count, 1, fetch.err, file: file, line: line)
        XCTAssertTrue(fetch.err.contains(until), "says until when: \(fetch.err)", file: file, line: line)
        XCTAssertEqual(fallback.status, 0, fallback.err, file: file, line: line)
        XCTAssertEqual(server.requestCount, 2, "nothing sent inside the wait", file: file, line: line)

        XCTAssertEqual(try runAt(after, refresh, env).status, 0, file: file, line: line)
        XCTAssertEqual(server.answered, [200, status, 304], file: file, line: line)
    }

    // MARK: - Helpers

    private func feed(_ headers: [String: String]) -> ScriptedFeedServer.Reply {
        reply(200, headers.merging(["ETag": #""a""#]) { mine, _ in mine }, body: feedPayload([item]))
    }

    private func notModified(_ headers: [String: String]) -> ScriptedFeedServer.Reply {
        reply(304, headers.merging(["ETag": #""a""#]) { mine, _ in mine })
    }

    private func reply(_ status: Int, _ headers: [String: String], body: String = "") -> ScriptedFeedServer.Reply {
        ScriptedFeedServer.Reply(status: status, headers: headers.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }, body: body)
    }

    private func environment(_ server: ScriptedFeedServer) -> [String: String] {
        ["URL": server.url, "FEED_CACHE_DIR": makeTemporaryDirectory(self) + "/cache"]
    }

    private func feedFile(_ env: [String: String]) throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: (env["FEED_CACHE_DIR"] ?? "") + "/feed"))
    }
}

/// `script` with the clock frozen at `time` (UTC).
func runAt(_ time: String, _ script: String, _ env: [String: String]) throws -> CommandResult {
    _ = try RequiredTool.path("faketime", package: "faketime")
    return try Command.sh("export FAKETIME_DONT_FAKE_MONOTONIC=1 TZ=UTC; faketime -f '\(time)' sh -c \(shellQuote(script))", environment: env)
}

/// A feed endpoint that gives its replies in order, the last one again
/// once they run out; what it answered is kept, in order.
final class ScriptedFeedServer: @unchecked Sendable {
    struct Reply: Sendable {
        var status: Int
        var headers: [(String, String)]
        var body: String
    }

    private final class Shared: Sendable {
        let state: Locked<(replies: [Reply], answered: [Int])>
        init(_ replies: [Reply]) { state = Locked((replies, [])) }
    }

    private let shared: Shared
    private var server: LoopbackServer?

    init(_ testCase: XCTestCase, _ replies: [Reply]) throws {
        let shared = Shared(replies)
        self.shared = shared
        let server = try LoopbackServer { _ in
            shared.state.withLock { state in
                let reply = state.replies.count > 1 ? state.replies.removeFirst() : state.replies[0]
                state.answered.append(reply.status)
                return .respond(status: reply.status, headers: reply.headers, body: Array(reply.body.utf8))
            }
        }
        self.server = server
        testCase.addTeardownBlock { server.stop() }
    }

    var url: String { server?.url("/v1/feed") ?? "" }
    var requests: [LoopbackRequest] { server?.requests ?? [] }
    var requestCount: Int { requests.count }
    var answered: [Int] { shared.state.withLock { $0.answered } }
}
