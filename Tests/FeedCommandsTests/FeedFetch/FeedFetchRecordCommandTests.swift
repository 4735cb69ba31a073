import XCTest
import FeedCore
import FeedCommands
import FeedTestSupport

/// feed-fetch's response records, one per URL in input order, and its progress on a terminal.
final class FeedFetchRecordCommandTests: XCTestCase, FeedFetchCommandTesting {

    // MARK: - Records

    func test_run_writesOneResponseRecordPerURLInTheOrderGiven() {
        let stub = HTTPClientStub([
            "https://h/a": .success(.ok(#"{"items":[]}"#, headers: [("Content-Type", "application/json")])),
            "https://h/b": .success(HTTPResponse(status: 404, body: Array("not here".utf8))),
            "https://h/c": .success(HTTPResponse(status: 500)),
        ])

        let result = run(["https://h/a", "https://h/b", "https://h/c"], client: stub)

        XCTAssertEqual(result.code, 0)
        XCTAssertEqual(result.stdout, """
        {"url":"https://h/a","status":200,"headers":{"content-type":"application/json"},"body":"{\\"items\\":[]}"}
        {"url":"https://h/b","status":404,"headers":{},"body":"not here"}
        {"url":"https://h/c","status":500,"headers":{},"body":""}

        """)
        XCTAssertEqual(result.stderr, "")
        XCTAssertEqual(stub.requestedURLs, ["https://h/a", "https://h/b", "https://h/c"])
    }

    func test_run_writesHeadersLowerCasedSortedAndJoinedAndABodyThatIsNotUTF8AsBase64() {
        let stub = HTTPClientStub([
            "https://h/img": .success(HTTPResponse(status: 200, headers: [
                ("X-Trace", "1"), ("Content-Type", "image/png"), ("set-cookie", "a=1"), ("Set-Cookie", "b=2"),
            ], body: [0x89, 0x50, 0x4E, 0x47, 0xFF])),
        ])

        let result = run(["https://h/img"], client: stub)

        XCTAssertEqual(result.code, 0)
        XCTAssertEqual(result.stdout, #"{"url":"https://h/img","status":200,"headers":{"content-type":"image/png","set-cookie":"a=1, b=2","x-trace":"1"},"body_base64":"iVBOR/8="}"# + "\n")
    }

    func test_run_writesTheURLAsAskedAndEscapesNothingButWhatJSONNeeds() {
        let url = "https://h/v1/feed?limit=10&after_id=\(Fixture.id0)"
        let stub = HTTPClientStub([url: .success(.ok("line\n\"quoted\" / é"))])

        let result = run([url], client: stub)

        XCTAssertEqual(result.code, 0)
        XCTAssertEqual(result.stdout, #"{"url":"\#(url)","status":200,"headers":{},"body":"line\n\"quoted\" / é"}"# + "\n")
    }

    func test_run_indentsTheRecordsWithPretty() {
        let stub = HTTPClientStub(["https://h/a": .success(.ok("b"))])

        let result = run(["--pretty", "https://h/a"], client: stub)

        XCTAssertEqual(result.code, 0)
        XCTAssertEqual(result.stdout, """
        {
          "url": "https://h/a",
          "status": 200,
          "headers": {},
          "body": "b"
        }

        """)
    }

    // MARK: - Progress

    func test_run_showsProgressOnlyOnATerminalStderrAndErasesItBeforeAMessage() {
        let stub = HTTPClientStub(["https://h/a": .success(.ok("a")), "https://h/b": .failure(ToolError(.connectivity, "refused"))])

        let quiet = run(["https://h/a", "https://h/b"], client: stub)
        let io = makeIO(stderrIsTerminal: true)
        let code = FeedFetchCommand { _ in stub }.run(["https://h/a", "https://h/b"], io.standardIO)

        XCTAssertEqual(quiet.stderr, "feed-fetch: https://h/b: refused\n")
        XCTAssertEqual(code, 69)
        XCTAssertEqual(io.errors.text, "\r\u{1B}[Kfeed-fetch: 1/2 done, 1 B\r\u{1B}[Kfeed-fetch: https://h/b: refused\n\r\u{1B}[Kfeed-fetch: 2/2 done, 1 B\r\u{1B}[K")
        XCTAssertEqual(io.output.text, quiet.stdout)
    }
}
