import Foundation
import XCTest
import FeedTestSupport

/// `feed-fetch -v` against nginx: a 200 that gives validators, the 304 that
/// `--if-changed` then gets (the `If-None-Match` it sent shown), and HTTP/2,
/// whose heads libcurl hands over in HTTP/1's form. stdout and the exit status
/// as without `-v` (nginx's `Date` aside, which moves between two runs).
final class FeedFetchVerboseNginxTests: XCTestCase {

    func test_verbose_a200_thenA304WithIfChanged_showsTheValidatorsSentAndTheNotModified() throws {
        let root = makeTemporaryDirectory(self) + "/www"
        try FileManager.default.createDirectory(atPath: root + "/v1", withIntermediateDirectories: true)
        try "{\"items\":[]}".write(toFile: root + "/v1/feed", atomically: true, encoding: .utf8)
        let nginx = try Nginx(self, root: root)
        let env = ["FEED_CACHE_DIR": makeTemporaryDirectory(self) + "/cache"]
        let url = nginx.url("/v1/feed")

        let first = try runBothWays(["--if-changed", url], env)
        XCTAssertEqual(first.status, 0, first.err)
        XCTAssertEqual(first.errLines.first, "> GET /v1/feed HTTP/1.1", first.err)
        XCTAssertFalse(first.err.contains("If-None-Match"), "nothing cached yet: \(first.err)")
        XCTAssertEqual(first.errLines.filter { $0.hasPrefix("< ") }.first, "< HTTP/1.1 200 OK", first.err)
        let etag = try XCTUnwrap(first.errLines.first { $0.hasPrefix("< ETag: ") }, first.err).dropFirst("< ETag: ".count)
        XCTAssertTrue(first.errLines.contains { $0.hasPrefix("< Server: nginx") }, first.err)

        let save = try Command.sh("feed-fetch --if-changed \(shellQuote(url)) | feed-map | feed-cache save -q", environment: env)
        XCTAssertEqual(save.status, 0, save.err)
        let second = try runBothWays(["--if-changed", url], env)

        XCTAssertEqual(second.status, 0, second.err)
        XCTAssertTrue(second.errLines.contains("> If-None-Match: \(etag)"), second.err)
        XCTAssertTrue(second.errLines.contains { $0.hasPrefix("> If-Modified-Since: ") }, second.err)
        XCTAssertEqual(second.errLines.filter { $0.hasPrefix("< ") }.first, "< HTTP/1.1 304 Not Modified", second.err)
        XCTAssertTrue(second.errLines.allSatisfy { $0.hasPrefix("> ") || $0.hasPrefix("< ") }, second.err)
    }

    func test_verbose_overHTTP2_showsTheHeadsLineByLine_theTokenHidden() throws {
        let directory = makeTemporaryDirectory(self)
        let tls = try makeTestCertificates(in: directory)
        let root = directory + "/www"
        try FileManager.default.createDirectory(atPath: root + "/v1", withIntermediateDirectories: true)
        try "{\"items\":[]}".write(toFile: root + "/v1/feed", atomically: true, encoding: .utf8)
        let nginx = try Nginx(self, root: root, tls: Nginx.TLS(certificate: tls.certificate, key: tls.key, http2: true))
        let token = "tok-h2-5Vq8Lw"

        let result = try runBothWays(["-j", "2", "--cacert", tls.ca, "-H", "Authorization: Bearer \(token)",
                                      nginx.url("/v1/feed"), nginx.url("/v1/feed")], [:])

        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(nginx.accesses.map(\.serverProtocol).last, "HTTP/2.0")
        for position in 1...2 {
            let own = result.errLines.filter { $0.hasPrefix("[\(position)] ") }
            XCTAssertTrue(own.contains("[\(position)] > GET /v1/feed HTTP/2"), result.err)
            XCTAssertTrue(own.contains { $0.hasPrefix("[\(position)] < HTTP/2 200") }, result.err)
            XCTAssertTrue(own.contains { $0.lowercased() == "[\(position)] > authorization: [hidden]" }, result.err)
        }
        XCTAssertFalse(result.err.contains("\r"), "no carriage return left: \(result.err.debugDescription)")
        XCTAssertFalse(result.err.contains(token), result.err)
        XCTAssertTrue(result.errLines.allSatisfy { $0.hasPrefix("[1] ") || $0.hasPrefix("[2] ") }, result.err)
    }

    // MARK: - Helpers

    /// feed-fetch without `-v`, then with it: the same exit status, and the
    /// same stdout once nginx's `Date` header is left out. The run with `-v`.
    private func runBothWays(_ arguments: [String], _ environment: [String: String],
                             file: StaticString = #filePath, line: UInt = #line) throws -> CommandResult {
        let plain = try Command.run("feed-fetch", arguments, environment: environment)
        let verbose = try Command.run("feed-fetch", ["-v"] + arguments, environment: environment)
        XCTAssertEqual(withoutDate(verbose.out), withoutDate(plain.out), "stdout as without -v", file: file, line: line)
        XCTAssertEqual(verbose.status, plain.status, file: file, line: line)
        XCTAssertEqual(plain.err, "", file: file, line: line)
        return verbose
    }

    private func withoutDate(_ records: String) -> String {
        records.replacingOccurrences(of: #""date":"[^"]*","#, with: "", options: .regularExpression)
    }
}
