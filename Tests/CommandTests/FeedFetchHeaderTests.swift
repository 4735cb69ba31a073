import Foundation
import LoopbackHTTP
import XCTest
import FeedPlatform

/// `-H, --header 'NAME: VALUE'` and `-H @FILE`, as curl reads them, with the
/// built feed-fetch against a real loopback server: what the server receives,
/// what is a usage error, and that a header's value (a token) never shows in
/// any output, whatever becomes of the run.
final class FeedFetchHeaderTests: XCTestCase {
    /// A token that must never be printed, and pieces of it that would betray it.
    private let token = "tok-9Q7zX4kL2pW8vR"
    private var secretValue: String { "Bearer \(token)" }
    private var secretPieces: [String] { [token, "9Q7zX4kL2pW8vR", "9Q7zX4", "zX4kL2pW"] }

    // MARK: - What is sent

    func test_fetch_sendsEveryHeaderAsGiven() throws {
        let server = try serve(["/v1/feed": .ok("{\"items\":[]}")])
        let result = try Command.run("feed-fetch", [
            "-H", "Authorization: \(secretValue)",
            "--header", "X-Request-Id: 42",
            "-H", "Accept:   application/json  ",
            "-H", "X-Tabs:\tvalue with  inner  spaces",
            server.url("/v1/feed"),
        ])

        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(result.records().first?["status"] as? Int, 200)
        let request = try XCTUnwrap(server.requests.first)
        XCTAssertEqual(server.requests.count, 1)
        XCTAssertEqual(request.method, "GET")
        XCTAssertEqual(request.headerValues("Authorization"), [secretValue])
        XCTAssertEqual(request.headerValues("X-Request-Id"), ["42"])
        XCTAssertEqual(request.headerValues("Accept"), ["application/json"], "surrounding blanks are trimmed, as curl does")
        XCTAssertEqual(request.headerValues("X-Tabs"), ["value with  inner  spaces"], "inner blanks are kept")
        XCTAssertNotNil(request.header("User-Agent"), "the built-in User-Agent is still sent")
        XCTAssertNotNil(request.header("Host"))
    }

    func test_fetch_sendsTheHeadersOnEveryRequestOfTheRun() throws {
        let server = try serve(["/a": .ok("a"), "/b": .redirect(to: "/c"), "/c": .ok("c")])
        let result = try Command.run("feed-fetch", ["-j", "2", "-H", "X-Client: feed-tests", server.url("/a"), server.url("/b")])

        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(result.records().map { $0["body"] as? String }, ["a", "c"])
        let requests = server.requests
        XCTAssertEqual(Set(requests.map(\.path)), ["/a", "/b", "/c"])
        for request in requests {
            XCTAssertEqual(request.headerValues("X-Client"), ["feed-tests"], "\(request.path), the redirect's target too")
        }
    }

    func test_fetch_laterHeaderReplacesAnEarlierOneOfTheSameNameAndTheBuiltInUserAgent() throws {
        let server = try serve(["/v1/feed": .ok("{}")])
        let result = try Command.run("feed-fetch", [
            "-H", "X-Token: first",
            "-H", "User-Agent: my-agent/1.0",
            "-H", "x-token: second",
            server.url("/v1/feed"),
        ])

        XCTAssertEqual(result.status, 0, result.err)
        let request = try XCTUnwrap(server.requests.first)
        XCTAssertEqual(request.headerValues("X-Token"), ["second"], "one header of the name, the last given (names compared without case)")
        XCTAssertEqual(request.headerValues("User-Agent"), ["my-agent/1.0"], "replaces feed-fetch's own")
    }

    func test_fetch_sendsTheBuiltInUserAgentWhenNoneIsGiven() throws {
        let server = try serve(["/v1/feed": .ok("{}")])
        let result = try Command.run("feed-fetch", [server.url("/v1/feed")])

        XCTAssertEqual(result.status, 0, result.err)
        let agents = try XCTUnwrap(server.requests.first).headerValues("User-Agent")
        XCTAssertEqual(agents.count, 1)
        XCTAssertTrue(agents.first?.hasPrefix("feed-fetch/") == true, "\(agents)")
    }

    func test_fetch_nameSemicolonSendsTheHeaderWithAnEmptyValue() throws {
        let server = try serve(["/v1/feed": .ok("{}")])
        let result = try Command.run("feed-fetch", ["-H", "X-Empty;", server.url("/v1/feed")])

        XCTAssertEqual(result.status, 0, result.err)
        let request = try XCTUnwrap(server.requests.first)
        XCTAssertEqual(request.headerValues("X-Empty"), [""])
    }

    func test_fetch_nameColonAloneSendsNoHeaderOfThatName_notEvenTheBuiltInOne() throws {
        let server = try serve(["/v1/feed": .ok("{}")])
        let result = try Command.run("feed-fetch", ["-H", "X-Gone: here", "-H", "X-Gone:", "-H", "User-Agent:", server.url("/v1/feed")])

        XCTAssertEqual(result.status, 0, result.err)
        let request = try XCTUnwrap(server.requests.first)
        XCTAssertEqual(request.headerValues("X-Gone"), [], "a later 'NAME:' removes an earlier header")
        XCTAssertEqual(request.headerValues("User-Agent"), [], "'User-Agent:' removes the built-in one")
    }

    func test_fetch_readsHeaderLinesFromAFile_withCRLFLinesBlankLinesAndComments() throws {
        let server = try serve(["/v1/feed": .ok("{}")])
        let dir = makeTemporaryDirectory(self)
        let file = dir + "/headers"
        try writeFile(file, Array((
            "# the token for the feed\r\n"
            + "Authorization: \(secretValue)\r\n"
            + "\r\n"
            + "   \t\r\n"
            + "  # an indented comment: X-Commented: no\r\n"
            + "X-From-File: yes\r\n"
            + "X-Empty;\r\n"
            + "X-Last: no line end"
        ).utf8))
        let result = try Command.run("feed-fetch", ["-H", "X-Before: arg", "-H", "@" + file, server.url("/v1/feed")])

        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(result.err, "")
        let request = try XCTUnwrap(server.requests.first)
        XCTAssertEqual(request.headerValues("Authorization"), [secretValue], "no CR left in the value")
        XCTAssertEqual(request.headerValues("X-From-File"), ["yes"])
        XCTAssertEqual(request.headerValues("X-Empty"), [""])
        XCTAssertEqual(request.headerValues("X-Last"), ["no line end"])
        XCTAssertEqual(request.headerValues("X-Before"), ["arg"])
        XCTAssertEqual(request.headerValues("X-Commented"), [], "a comment is not a header")
        XCTAssertFalse(request.headers.contains { $0.name.hasPrefix("#") }, "\(request.headers)")
        assertNoSecret(result)
    }

    func test_fetch_headerAfterTheFileReplacesTheFilesHeaderOfTheSameName() throws {
        let server = try serve(["/v1/feed": .ok("{}")])
        let file = makeTemporaryDirectory(self) + "/headers"
        try writeFile(file, Array("X-Token: from-file\nX-Kept: kept\n".utf8))
        let result = try Command.run("feed-fetch", ["-H", "@" + file, "-H", "X-Token: from-argument", server.url("/v1/feed")])

        XCTAssertEqual(result.status, 0, result.err)
        let request = try XCTUnwrap(server.requests.first)
        XCTAssertEqual(request.headerValues("X-Token"), ["from-argument"])
        XCTAssertEqual(request.headerValues("X-Kept"), ["kept"])
    }

    func test_fetch_sendsCustomHeadersAcrossARedirectToAnotherHost_butNotAuthorization_asCurlDoes() throws {
        let other = try serve(["/landing": .ok("{}")])
        let first = try serve(["/v1/feed": .redirect(to: other.url("/landing"))])
        let result = try Command.run("feed-fetch", ["-H", "Authorization: \(secretValue)", "-H", "X-Client: feed-tests", first.url("/v1/feed")])

        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(result.records().first?["status"] as? Int, 200)
        XCTAssertEqual(first.requests.first?.header("Authorization"), secretValue)
        let landed = try XCTUnwrap(other.requests.first)
        XCTAssertEqual(landed.header("X-Client"), "feed-tests")
        XCTAssertNil(landed.header("Authorization"), "a credential is not handed to another host (another port) on a redirect")
        assertNoSecret(result)
    }

    // MARK: - The value never shows

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

    // MARK: - Usage errors

    func test_fetch_malformedHeaderIsAUsageError_withOneMessageAndNoRequest() throws {
        let server = try serve(["/v1/feed": .ok("{}")])
        let malformed = [
            "NoColonHere",
            "Bad Name: value",
            "Bad(Name): value",
            ": value",
            "X-Line: a\nb",
            "X-Line: a\r\nX-Injected: b",
            "X-Control: a\u{1B}b",
            "Ünicode-Name: value",
        ]
        for header in malformed {
            let result = try Command.run("feed-fetch", ["-H", header, server.url("/v1/feed")])

            XCTAssertEqual(result.status, 64, "\(header.debugDescription): \(result.out) \(result.err)")
            XCTAssertEqual(result.errLines.count, 1, "\(header.debugDescription): \(result.err)")
            XCTAssertTrue(result.err.hasPrefix("feed-fetch: "), result.err)
            XCTAssertEqual(result.lastErrorKind, "usage", result.out)
        }
        XCTAssertEqual(server.connectionCount, 0, "no request made")
        XCTAssertTrue(server.requests.isEmpty)
    }

    func test_fetch_unreadableHeaderFileIsAUsageError_withOneMessageAndNoRequest() throws {
        let server = try serve(["/v1/feed": .ok("{}")])
        let dir = makeTemporaryDirectory(self)
        for path in [dir + "/does-not-exist", dir, dir + "/does-not-exist/inside"] {
            let result = try Command.run("feed-fetch", ["-H", "@" + path, server.url("/v1/feed")])

            XCTAssertEqual(result.status, 64, "\(path): \(result.err)")
            XCTAssertEqual(result.errLines.count, 1, result.err)
            XCTAssertTrue(result.err.contains(path), "names the file: \(result.err)")
            XCTAssertEqual(result.lastErrorKind, "usage", result.out)
        }
        XCTAssertEqual(server.connectionCount, 0, "no request made")
    }

    // MARK: - Helpers

    /// Neither stdout nor stderr holds the token, or a telling piece of it.
    private func assertNoSecret(_ result: CommandResult, _ context: String = "", file: StaticString = #filePath, line: UInt = #line) {
        for piece in secretPieces {
            XCTAssertFalse(result.out.contains(piece), "stdout shows the secret (\(context)): \(result.out)", file: file, line: line)
            XCTAssertFalse(result.err.contains(piece), "stderr shows the secret (\(context)): \(result.err)", file: file, line: line)
        }
    }
}
