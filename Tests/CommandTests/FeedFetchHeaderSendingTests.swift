import Foundation
import LoopbackHTTP
import XCTest
import FeedPlatform

/// `-H, --header 'NAME: VALUE'` and `-H @FILE`, as curl reads them, with the
/// built feed-fetch against a real loopback server: what the server receives.
final class FeedFetchHeaderSendingTests: XCTestCase, FeedFetchHeaderTesting {

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
}
