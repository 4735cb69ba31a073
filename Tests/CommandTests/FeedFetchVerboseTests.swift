import Foundation
import LoopbackHTTP
import XCTest

/// `feed-fetch -v` with the built command against a real loopback server:
/// the head of every request (`> `) and response (`< `) on stderr, each
/// redirect, retry and page its own, `[K] ` under `-j`; no header value given
/// with `-H` and no credential ever shown; stdout and the exit status as
/// without `-v`, byte for byte.
final class FeedFetchVerboseTests: XCTestCase, FeedFetchHeaderTesting {

    func test_verbose_a200_showsTheRequestAndResponseHeads_theAuthorizationHidden() throws {
        let server = try serve(["/v1/feed": .respond(status: 200, headers: [("Content-Type", "application/json"), ("X-Served-By", "loopback")],
                                                     body: Array("{\"items\":[]}".utf8))])
        let result = try runBothWays(["-H", "Authorization: \(secretValue)", server.url("/v1/feed")])

        XCTAssertEqual(result.status, 0, result.err)
        let lines = result.errLines
        XCTAssertEqual(lines.first, "> GET /v1/feed HTTP/1.1", result.err)
        XCTAssertTrue(lines.contains("> Host: 127.0.0.1:\(server.port)"), result.err)
        XCTAssertTrue(lines.contains { $0.hasPrefix("> User-Agent: feed-fetch/") }, result.err)
        XCTAssertTrue(lines.contains("> Authorization: [hidden]"), result.err)
        XCTAssertEqual(lines.filter { $0.hasPrefix("< ") }.first, "< HTTP/1.1 200 OK", result.err)
        XCTAssertTrue(lines.contains("< X-Served-By: loopback"), result.err)
        XCTAssertTrue(lines.contains("< Content-Length: 12"), result.err)
        assertEveryLine(lines, startsWith: ["> ", "< "])
        assertRequestsBeforeResponses(lines)
        XCTAssertEqual(server.requests.last?.header("Authorization"), secretValue, "it was sent")
        assertNoSecret(result)
    }

    func test_verbose_aRedirect_showsBothRequestsAndBothResponses() throws {
        let server = try serve(["/old": .redirect(to: "/v1/feed"), "/v1/feed": .ok("{\"items\":[]}")])
        let result = try runBothWays([server.url("/old")])

        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(heads(result.errLines), [
            "> GET /old HTTP/1.1", "< HTTP/1.1 302 Found",
            "> GET /v1/feed HTTP/1.1", "< HTTP/1.1 200 OK",
        ], result.err)
        XCTAssertTrue(result.errLines.contains("< Location: /v1/feed"), result.err)
    }

    func test_verbose_aRetry_showsEveryAttempt() throws {
        let server = try serve(alternating: .status(503, "busy"), .ok("{\"items\":[]}"))
        let result = try runBothWays(["--retry", "2", server.url("/v1/feed")])

        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(heads(result.errLines), [
            "> GET /v1/feed HTTP/1.1", "< HTTP/1.1 503 Service Unavailable",
            "> GET /v1/feed HTTP/1.1", "< HTTP/1.1 200 OK",
        ], result.err)
    }

    func test_verbose_pages_showEveryPagesRequest() throws {
        let server = try LoopbackServer { request in
            guard request.pathWithoutQuery == "/v1/feed" else { return .notFound }
            let id = "0a1b2c3d-0000-4000-8000-000000000001"
            let items = (request.query ?? "").contains("after_id=") ? "" : "{\"id\":\"\(id)\",\"image\":\"https://img.example/1.jpg\"}"
            return .ok("{\"items\":[\(items)]}")
        }
        addTeardownBlock { server.stop() }
        let result = try runBothWays(["--paginate", server.url("/v1/feed?limit=1")])

        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(heads(result.errLines), [
            "> GET /v1/feed?limit=1 HTTP/1.1", "< HTTP/1.1 200 OK",
            "> GET /v1/feed?limit=1&after_id=0a1b2c3d-0000-4000-8000-000000000001 HTTP/1.1", "< HTTP/1.1 200 OK",
        ], result.err)
    }

    func test_verbose_withJobs_prefixesEachLineWithItsInputsPosition_retriesIncluded() throws {
        let alternating = LoopbackRoutes.alternating(.status(503, "busy"), .ok("{\"n\":3}"))
        let server = try LoopbackServer { request in
            if request.path == "/3" { return alternating(request) }
            return request.path.count == 2 ? .ok("{\"n\":\(request.path.dropFirst())}") : .notFound
        }
        addTeardownBlock { server.stop() }
        let result = try runBothWays(["-j", "4", "--retry", "1"] + (1...4).map { server.url("/\($0)") })

        XCTAssertEqual(result.status, 0, result.err)
        for position in 1...4 {
            let own = result.errLines.filter { $0.hasPrefix("[\(position)] ") }.map { String($0.dropFirst("[\(position)] ".count)) }
            let expected = position == 3
                ? ["> GET /3 HTTP/1.1", "< HTTP/1.1 503 Service Unavailable", "> GET /3 HTTP/1.1", "< HTTP/1.1 200 OK"]
                : ["> GET /\(position) HTTP/1.1", "< HTTP/1.1 200 OK"]
            XCTAssertEqual(heads(own), expected, "input \(position): \(result.err)")
            assertEveryLine(own, startsWith: ["> ", "< "])
        }
        XCTAssertTrue(result.errLines.allSatisfy { line in (1...4).contains { line.hasPrefix("[\($0)] ") } }, result.err)
    }

    func test_verbose_neverShowsAHeaderValue_givenWithH_orInAFile_orACookie() throws {
        let server = try serve(["/v1/feed": .respond(status: 200, headers: [("Set-Cookie", "session=srv-77cookie")], body: Array("{}".utf8))])
        let file = makeTemporaryDirectory(self) + "/headers"
        try "X-Api-Key: key-\(token)\nCookie: c=\(token)\nProxy-Authorization: Basic \(token)\n".write(toFile: file, atomically: true, encoding: .utf8)
        let result = try runBothWays(["-H", "X-Token: \(token)", "-H", "@\(file)", "-H", "Authorization: \(secretValue)", server.url("/v1/feed")])

        XCTAssertEqual(result.status, 0, result.err)
        for name in ["X-Token", "X-Api-Key", "Cookie", "Proxy-Authorization", "Authorization"] {
            XCTAssertTrue(result.errLines.contains("> \(name): [hidden]"), "\(name): \(result.err)")
        }
        XCTAssertTrue(result.errLines.contains("< Set-Cookie: [hidden]"), result.err)
        XCTAssertFalse(result.err.contains("77cookie"), "the record keeps the response's headers; stderr does not show the cookie: \(result.err)")
        XCTAssertEqual(server.requests.last?.header("X-Api-Key"), "key-\(token)", "it was sent")
        assertNoSecret(result)
    }

    func test_verbose_throughAProxyWithCredentials_hidesTheProxyAuthorization() throws {
        let origin = try serve(["/v1/feed": .ok("{\"items\":[]}")])
        let proxy = try LoopbackProxy()
        addTeardownBlock { proxy.stop() }
        let credentials = "feeduser:px-4Rk8Tz"
        var environment = ["http_proxy": "http://\(credentials)@127.0.0.1:\(proxy.port)"]
        for name in ["HTTP_PROXY", "https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY", "no_proxy", "NO_PROXY"] { environment[name] = "" }

        let result = try Command.run("feed-fetch", ["-v", origin.url("/v1/feed")], environment: environment)

        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(proxy.requests, [origin.url("/v1/feed")], "it went through the proxy")
        XCTAssertEqual(result.errLines.first, "> GET \(origin.url("/v1/feed")) HTTP/1.1", result.err)
        XCTAssertTrue(result.errLines.contains("> Proxy-Authorization: [hidden]"), result.err)
        let encoded = Data(credentials.utf8).base64EncodedString()
        for secret in [encoded, "px-4Rk8Tz"] {
            XCTAssertFalse(result.err.contains(secret) || result.out.contains(secret), "\(secret) shown: \(result.err)")
        }
    }

    func test_verbose_aFailedTransfer_keepsItsErrorRecordAndExitStatus() throws {
        let url = try refusedURL()
        let quiet = try Command.run("feed-fetch", [url])
        let verbose = try Command.run("feed-fetch", ["-v", url])

        XCTAssertEqual(verbose.status, 69, verbose.err)
        XCTAssertEqual(verbose.status, quiet.status)
        XCTAssertEqual(verbose.out, quiet.out)
        XCTAssertEqual(verbose.errLines.last, quiet.errLines.last, "the same message")
    }

    // MARK: - Helpers

    /// Runs feed-fetch without `-v`, then with it: stdout and the exit status
    /// must be the same, byte for byte. The run with `-v`.
    private func runBothWays(_ arguments: [String], file: StaticString = #filePath, line: UInt = #line) throws -> CommandResult {
        let plain = try Command.run("feed-fetch", arguments)
        let verbose = try Command.run("feed-fetch", ["-v"] + arguments)
        XCTAssertEqual(verbose.out, plain.out, "stdout as without -v", file: file, line: line)
        XCTAssertEqual(verbose.status, plain.status, "the exit status as without -v", file: file, line: line)
        XCTAssertEqual(plain.err, "", "nothing on stderr without -v", file: file, line: line)
        return verbose
    }

    /// The request and status lines, in order.
    private func heads(_ lines: [String]) -> [String] {
        lines.filter { $0.hasPrefix("> GET ") || $0.hasPrefix("< HTTP/") }
    }

    private func assertEveryLine(_ lines: [String], startsWith prefixes: [String], file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertFalse(lines.isEmpty, file: file, line: line)
        for text in lines where !prefixes.contains(where: text.hasPrefix) {
            XCTFail("a line without \(prefixes): \(text)", file: file, line: line)
        }
    }

    /// A request's lines all come before its response's.
    private func assertRequestsBeforeResponses(_ lines: [String], file: StaticString = #filePath, line: UInt = #line) {
        guard let firstReceived = lines.firstIndex(where: { $0.hasPrefix("< ") }) else { return XCTFail("no response lines", file: file, line: line) }
        XCTAssertFalse(lines[firstReceived...].contains { $0.hasPrefix("> ") }, "\(lines)", file: file, line: line)
    }

    /// `/v1/feed` answers `first`, then `second`, then `first` again...: each run of the command sees the same.
    private func serve(alternating first: LoopbackReply, _ second: LoopbackReply) throws -> LoopbackServer {
        let server = try LoopbackServer(handler: LoopbackRoutes.alternating(first, second))
        addTeardownBlock { server.stop() }
        return server
    }
}

private extension LoopbackRoutes {
    /// `first`, `second`, `first`...: the same for each run of a command.
    static func alternating(_ first: LoopbackReply, _ second: LoopbackReply) -> @Sendable (LoopbackRequest) -> LoopbackReply {
        let count = Counter()
        return { _ in count.next() % 2 == 0 ? first : second }
    }
}

private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0

    func next() -> Int {
        lock.withLock {
            defer { value += 1 }
            return value
        }
    }
}
