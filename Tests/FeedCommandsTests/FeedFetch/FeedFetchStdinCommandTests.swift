import XCTest
import FeedCore
import FeedCommands
import FeedTestSupport

/// feed-fetch reading URLs, feed documents and error records from standard input.
final class FeedFetchStdinCommandTests: XCTestCase, FeedFetchCommandTesting {

    func test_run_readsURLsFromStdinOneALine() {
        let stub = HTTPClientStub(["https://h/a": .success(.ok("a")), "https://h/b": .success(.ok("b"))])

        let result = run(stdin: BytesSource("https://h/a\n\n   https://h/b  \r\n"), client: stub)

        XCTAssertEqual(result.code, 0)
        XCTAssertEqual(stub.requestedURLs, ["https://h/a", "https://h/b"])
        XCTAssertEqual(result.stdoutLines, [
            #"{"url":"https://h/a","status":200,"headers":{},"body":"a"}"#,
            #"{"url":"https://h/b","status":200,"headers":{},"body":"b"}"#,
        ])
    }

    func test_run_fetchesEveryItemsURLOfAFeedDocumentOnStdin() {
        let stub = HTTPClientStub(["https://h/image-0": .success(.ok("zero")), "https://h/image-2": .success(.ok("two"))])

        let result = run(stdin: .lines(Fixture.cacheDocument), client: stub)

        XCTAssertEqual(result.code, 0)
        XCTAssertEqual(stub.requestedURLs, ["https://h/image-0", "https://h/image-2"])
        XCTAssertEqual(result.stdoutLines.count, 2)
    }

    func test_run_passesOnAnErrorRecordOnStdinSilentlyInItsPlaceWithItsExitCode() {
        let passed = Fixture.errorRecord(url: Fixture.feedURL, kind: "expired", message: "cached feed expired")
        let stub = HTTPClientStub(["https://h/image-0": .success(.ok("zero")), "https://h/image-2": .success(.ok("two"))])

        let result = run(stdin: .lines(passed, Fixture.cacheDocument), client: stub)

        XCTAssertEqual(result.code, 66)
        XCTAssertEqual(result.stdoutLines.first, passed)
        XCTAssertEqual(result.stdoutLines.count, 3)
        XCTAssertEqual(result.stderr, "")
    }

    func test_run_readsEmptyStdinAsNotFound() {
        let stub = HTTPClientStub([:])

        let result = run(stdin: BytesSource("\n  \n"), client: stub)

        XCTAssertEqual(result.code, 66)
        XCTAssertEqual(result.stderr, "feed-fetch: no input: expected URLs, a feed document or item lines on standard input\n")
        XCTAssertEqual(result.stdout, Fixture.errorRecord(kind: "not-found", message: "no input: expected URLs, a feed document or item lines on standard input") + "\n")
        XCTAssertEqual(stub.requestedURLs, [])
    }

    func test_run_refusesATerminalOnStdinAsUsageWhenNoURLIsGiven() {
        let stub = HTTPClientStub([:])

        let result = run(stdin: .terminal, client: stub)

        XCTAssertEqual(result.code, 64)
        XCTAssertEqual(result.stderrLines.count, 1)
        XCTAssertTrue(result.stderr.hasPrefix("feed-fetch: standard input is a terminal"), result.stderr)
        XCTAssertEqual(errorKinds(result), ["usage"])
    }

    func test_run_doesNotReadStdinWhenURLsAreGiven() {
        let stub = HTTPClientStub(["https://h/a": .success(.ok("a"))])

        let result = run(["https://h/a"], stdin: .terminal, client: stub)

        XCTAssertEqual(result.code, 0)
    }

    func test_run_failsMalformedInputOnStdinAsInvalidDataBeforeFetchingAnything() {
        for input in [Fixture.cacheDocument + "\n{oops\n", Fixture.responseRecord(body: "{}") + "\n", #"{"items":[{"id":"x"}]}"# + "\n"] {
            let stub = HTTPClientStub([:])

            let result = run(stdin: BytesSource(input), client: stub)

            XCTAssertEqual(result.code, 65, input)
            XCTAssertEqual(stub.requestedURLs, [], input)
            XCTAssertEqual(result.stderrLines.count, 1, result.stderr)
            XCTAssertEqual(errorKinds(result), ["invalid-data"], input)
        }
    }
}
