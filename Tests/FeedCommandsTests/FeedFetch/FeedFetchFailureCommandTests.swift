import XCTest
import FeedCore
import FeedCommands
import FeedTestSupport

/// feed-fetch's failures: error records, exit codes, and stdout going away.
final class FeedFetchFailureCommandTests: XCTestCase, FeedFetchCommandTesting {

    // MARK: - Failures that start here

    func test_run_failsAConnectivityErrorWith69AndNamesTheURL() {
        let stub = HTTPClientStub(["https://h/down": .failure(ToolError(.connectivity, "could not connect to server"))])

        let result = run(["https://h/down"], client: stub)

        XCTAssertEqual(result.code, 69)
        XCTAssertEqual(result.stderr, "feed-fetch: https://h/down: could not connect to server\n")
        XCTAssertEqual(result.stdout, Fixture.errorRecord(url: "https://h/down", kind: "connectivity", message: "could not connect to server") + "\n")
    }

    func test_run_writesNoErrorRecordWhenStdoutIsATerminal() {
        let stub = HTTPClientStub(["https://h/down": .failure(ToolError(.connectivity, "timed out"))])

        let result = run(["https://h/down"], client: stub, stdoutIsTerminal: true)

        XCTAssertEqual(result.code, 69)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(result.stderrLines, ["feed-fetch: https://h/down: timed out"])
    }

    func test_run_failsABodyOverTheSizeLimitAsInvalidData() {
        let stub = HTTPClientStub(["https://h/big": .failure(ToolError(.invalidData, "body larger than 1024 bytes"))])

        let result = run(["--max-size", "1K", "https://h/big"], client: stub)

        XCTAssertEqual(result.code, 65)
        XCTAssertEqual(result.stderr, "feed-fetch: https://h/big: body larger than 1024 bytes\n")
    }

    func test_run_goesOnAfterAFailureAndExitsWithTheFirstFailuresCode() {
        let stub = HTTPClientStub([
            "https://h/ok": .success(.ok("fine")),
            "https://h/down": .failure(ToolError(.connectivity, "connection refused")),
            "https://h/big": .failure(ToolError(.invalidData, "body too large")),
        ])

        let result = run(["https://h/ok", "https://h/down", "ftp://h/file", "https://h/big", "https://h/ok"], client: stub)

        XCTAssertEqual(result.code, 69)
        XCTAssertEqual(result.stdoutLines, [
            #"{"url":"https://h/ok","status":200,"headers":{},"body":"fine"}"#,
            Fixture.errorRecord(url: "https://h/down", kind: "connectivity", message: "connection refused"),
            Fixture.errorRecord(url: "ftp://h/file", kind: "usage", message: "unsupported scheme 'ftp' (only http and https)"),
            Fixture.errorRecord(url: "https://h/big", kind: "invalid-data", message: "body too large"),
            #"{"url":"https://h/ok","status":200,"headers":{},"body":"fine"}"#,
        ])
        XCTAssertEqual(result.stderrLines, [
            "feed-fetch: https://h/down: connection refused",
            "feed-fetch: ftp://h/file: unsupported scheme 'ftp' (only http and https)",
            "feed-fetch: https://h/big: body too large",
        ])
    }

    func test_run_failsAMalformedURLAsUsageWithoutFetchingIt() {
        let stub = HTTPClientStub([:])

        let result = run(["not a url", "https:/one-slash", "news:comp.lang", "localhost:8080/v1/feed"], client: stub)

        XCTAssertEqual(result.code, 64)
        XCTAssertEqual(stub.requestedURLs, [])
        XCTAssertEqual(result.stderrLines, [
            "feed-fetch: not a url: no scheme: write http:// or https://",
            "feed-fetch: https:/one-slash: malformed URL",
            "feed-fetch: news:comp.lang: malformed URL",
            "feed-fetch: localhost:8080/v1/feed: no scheme: write http:// or https://",
        ])
        XCTAssertEqual(errorKinds(result), ["usage", "usage", "usage", "usage"])
    }

    func test_run_keepsAURLWithANewlineToOneStderrLineAndWholeInTheRecord() {
        let url = "https://h/a\nb"
        let stub = HTTPClientStub([url: .failure(ToolError(.connectivity, "refused"))])

        let result = run([url], client: stub)

        XCTAssertNotEqual(result.code, 0)
        XCTAssertEqual(result.stderrLines.count, 1, result.stderr)
        XCTAssertTrue(result.stderr.hasPrefix("feed-fetch: https://h/a\\nb: "), result.stderr)
        XCTAssertEqual(jsonValues(result.io.output.bytes).first?["url"]?.stringValue, url)
    }

    // MARK: - stdout going away

    func test_run_endsWith74WhenStdoutClosesMidRunAndNothingFailedBefore() {
        let urls = (0..<6).map { "https://h/\($0)" }
        let first = #"{"url":"https://h/0","status":200,"headers":{},"body":"0"}"# + "\n"
        for delivery in [HTTPClientStub.Delivery.synchronously, .onAnotherThread] {
            let stub = HTTPClientStub(Dictionary(uniqueKeysWithValues: urls.map { ($0, .success(.ok(String($0.last!)))) }), delivery: delivery)

            let result = run(["-j", "2"] + urls, client: stub, stdoutRefusingAfter: first.utf8.count + 5)

            XCTAssertEqual(result.code, 74, "\(delivery)")
            XCTAssertEqual(result.stdout, first, "\(delivery)")
            XCTAssertEqual(result.stderr, "", "\(delivery)")
            XCTAssertTrue(result.io.output.refusedAWrite)
        }
    }

    func test_run_keepsTheFirstFailuresCodeWhenStdoutClosesAfterIt() {
        let failure = Fixture.errorRecord(url: "https://h/0", kind: "connectivity", message: "refused") + "\n"
        let stub = HTTPClientStub([
            "https://h/0": .failure(ToolError(.connectivity, "refused")),
            "https://h/1": .success(.ok("1")),
            "https://h/2": .success(.ok("2")),
        ])

        let result = run(["https://h/0", "https://h/1", "https://h/2"], client: stub, stdoutRefusingAfter: failure.utf8.count)

        XCTAssertEqual(result.code, 69)
        XCTAssertEqual(result.stdout, failure)
        XCTAssertEqual(result.stderrLines, ["feed-fetch: https://h/0: refused"])
    }
}
