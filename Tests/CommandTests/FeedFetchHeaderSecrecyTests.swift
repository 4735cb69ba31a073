import Foundation
import LoopbackHTTP
import XCTest
import FeedPlatform

/// A header's value (a token) never shows in feed-fetch's output, whatever becomes of the run.
final class FeedFetchHeaderSecrecyTests: XCTestCase, FeedFetchHeaderTesting {

    func test_fetch_neverPrintsAHeaderValue_onSuccess() throws {
        let server = try serve(["/v1/feed": .ok("{\"items\":[]}")])
        let result = try Command.run("feed-fetch", ["-H", "Authorization: \(secretValue)", server.url("/v1/feed")])

        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(result.err, "")
        XCTAssertEqual(server.requests.first?.header("Authorization"), secretValue, "it was sent")
        assertNoSecret(result)
    }

    func test_fetch_neverPrintsAHeaderValue_onA404() throws {
        let server = try serve([:])
        let result = try Command.run("feed-fetch", ["-H", "Authorization: \(secretValue)", server.url("/missing")])

        XCTAssertEqual(result.status, 0, "a 404 is a response")
        XCTAssertEqual(result.records().first?["status"] as? Int, 404)
        XCTAssertEqual(server.requests.first?.header("Authorization"), secretValue)
        assertNoSecret(result)
    }

    func test_fetch_neverPrintsAHeaderValue_whenTheConnectionIsRefused() throws {
        let url = try refusedURL()
        let result = try Command.run("feed-fetch", ["-H", "Authorization: \(secretValue)", url])

        XCTAssertEqual(result.status, 69, result.out)
        XCTAssertEqual(result.lastErrorKind, "connectivity")
        XCTAssertEqual(result.errLines.count, 1, result.err)
        assertNoSecret(result)
    }

    func test_fetch_neverPrintsAHeaderValue_onATimeout() throws {
        let server = try serve(["/hang": .hang])
        let result = try Command.run("feed-fetch", ["-H", "Authorization: \(secretValue)", "--timeout", "0.5", server.url("/hang")], timeout: 30)

        XCTAssertEqual(result.status, 69, result.out)
        XCTAssertTrue(result.err.contains("timed out"), result.err)
        XCTAssertEqual(server.requests.first?.header("Authorization"), secretValue)
        assertNoSecret(result)
    }

    func test_fetch_neverPrintsAHeaderValue_withPretty() throws {
        let server = try serve(["/v1/feed": .ok("{\"items\":[]}")])
        let refused = try refusedURL()
        let result = try Command.run("feed-fetch", ["--pretty", "-H", "Authorization: \(secretValue)", server.url("/v1/feed"), server.url("/nope"), refused])

        XCTAssertEqual(result.status, 69, result.out)
        XCTAssertTrue(result.out.contains("\n  "), "indented: \(result.out)")
        assertNoSecret(result)
    }

    func test_fetch_neverPrintsAHeaderValue_whenASecondHeaderIsMalformed() throws {
        let server = try serve(["/v1/feed": .ok("{}")])
        let malformed: [String] = [
            "X-Bad Name: other-\(token)",      // a bad name
            "X-Other \(token)",                 // no colon
            "\(token)",                         // no colon, the bare token
            "X-Control: \(token)\u{07}",        // a control character in the value
            "X-Newline: \(token)\nX-More: \(token)", // LF
            "X-Return: \(token)\rmore",         // CR
            ": \(token)",                       // no name
        ]
        for header in malformed {
            let result = try Command.run("feed-fetch", ["-H", "Authorization: \(secretValue)", "-H", header, server.url("/v1/feed")])

            XCTAssertEqual(result.status, 64, "\(header.debugDescription): \(result.err)")
            XCTAssertEqual(result.errLines.count, 1, result.err)
            assertNoSecret(result, "\(header.debugDescription)")
        }
        XCTAssertEqual(server.connectionCount, 0, "no request made")
    }

    func test_fetch_neverPrintsAHeaderValue_whenTheFileFormIsUsed() throws {
        let server = try serve(["/v1/feed": .ok("{\"items\":[]}"), "/hang": .hang])
        let refused = try refusedURL()
        let dir = makeTemporaryDirectory(self)
        let good = dir + "/good"
        try writeFile(good, Array("Authorization: \(secretValue)\r\n".utf8))

        let runs: [(arguments: [String], status: Int32)] = [
            (["-H", "@" + good, server.url("/v1/feed")], 0),
            (["--pretty", "-H", "@" + good, server.url("/v1/feed")], 0),
            (["-H", "@" + good, server.url("/missing")], 0),
            (["-H", "@" + good, refused], 69),
            (["-H", "@" + good, "--timeout", "0.5", server.url("/hang")], 69),
        ]
        for run in runs {
            let result = try Command.run("feed-fetch", run.arguments, timeout: 30)
            XCTAssertEqual(result.status, run.status, "\(run.arguments): \(result.err)")
            assertNoSecret(result, "\(run.arguments)")
        }
        XCTAssertTrue(server.requests.allSatisfy { $0.header("Authorization") == secretValue }, "the file's header was sent")

        // A file whose later line is malformed: the message names the line, never a value.
        let malformedFiles = [
            "Authorization: \(secretValue)\nX-Bad Name: \(token)\n",
            "Authorization: \(secretValue)\n\(token)\n",
            "Authorization: \(secretValue)\nX-Control: \(token)\u{01}\n",
            "Authorization: \(secretValue)\nX-Bare-CR: \(token)\rX: \(token)\n",
        ]
        let before = server.connectionCount
        for (index, contents) in malformedFiles.enumerated() {
            let file = dir + "/bad-\(index)"
            try writeFile(file, Array(contents.utf8))
            let result = try Command.run("feed-fetch", ["-H", "@" + file, server.url("/v1/feed")])

            XCTAssertEqual(result.status, 64, "\(contents.debugDescription): \(result.err)")
            XCTAssertEqual(result.errLines.count, 1, result.err)
            XCTAssertTrue(result.err.contains("line 2"), "names the line: \(result.err)")
            assertNoSecret(result, contents.debugDescription)
        }
        XCTAssertEqual(server.connectionCount, before, "no request made for a malformed file")
    }
}
