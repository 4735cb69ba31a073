import XCTest
import FeedCore
import FeedCommands
import FeedTestSupport

/// `feed-fetch --paginate [--max-pages N] URL` over in-memory standard I/O and
/// a stub HTTP client: one response record per page, in order, following
/// `after_id`; the real transfers are the process tests'.
final class FeedFetchPaginationTests: XCTestCase {
    private let first = "https://h/v1/feed?limit=2"
    private let idA = "2ab2ae66-a4b7-4a16-b374-51bbac8db086", idB = "73a7f70c-75da-4c2e-b5a3-eed40dc53aa6"
    private let idC = "ba298a85-6275-48d3-8315-9c8f7c1cd109"

    // MARK: - Pages

    func test_run_writesOneRecordPerPageInOrderFollowingTheLastIDAsWritten() {
        let stub = HTTPClientStub([first: page([idA, idB]), after(idB): page([idC, "id-4"]), after("id-4"): page(["id-5"])])

        let result = run(["--paginate", first], client: stub)

        XCTAssertEqual(result.code, 0)
        XCTAssertEqual(result.stderr, "")
        XCTAssertEqual(stub.requestedURLs, [first, after(idB), after("id-4")])
        XCTAssertEqual(result.stdoutLines, [
            Fixture.responseRecord(url: first, body: body([idA, idB])),
            Fixture.responseRecord(url: after(idB), body: body([idC, "id-4"])),
            Fixture.responseRecord(url: after("id-4"), body: body(["id-5"])),
        ])
    }

    func test_run_followsPagesFromAClientThatAnswersOnAnotherThread() {
        let answers = [first: page([idA, idB]), after(idB): page([idC])]
        let stub = HTTPClientStub(answers, delivery: .onAnotherThread, delays: [first: 0.01, after(idB): 0.005])

        let result = run(["--paginate", first], client: stub)

        XCTAssertEqual(result.code, 0)
        XCTAssertEqual(result.stdoutLines.count, 2)
        XCTAssertEqual(stub.requestedURLs, [first, after(idB)])
        XCTAssertEqual(stub.maxRequestsInFlight, 1)
    }

    func test_run_stopsAfterMaxPagesWithoutAnError_sayingSoInOneLine() {
        let stub = HTTPClientStub([first: page([idA, idB]), after(idB): page([idC, "id-4"]), after("id-4"): page(["id-5", "id-6"])])

        let result = run(["--paginate", "--max-pages", "2", first], client: stub)

        XCTAssertEqual(result.code, 0)
        XCTAssertEqual(result.stdoutLines.count, 2)
        XCTAssertEqual(stub.requestedURLs, [first, after(idB)])
        XCTAssertEqual(result.stderr, "feed-fetch: stopped after 2 pages (--max-pages 2); the feed may have more\n")
    }

    func test_run_writesAStatusPageAsItIsAndStopsThereWithExit0() {
        let stub = HTTPClientStub([first: page([idA, idB]), after(idB): .success(HTTPResponse(status: 500, body: Array("oops".utf8)))])

        let result = run(["--paginate", first], client: stub)

        XCTAssertEqual(result.code, 0)
        XCTAssertEqual(result.stdoutLines.last, Fixture.responseRecord(url: after(idB), status: 500, body: "oops"))
        XCTAssertEqual(result.stdoutLines.count, 2)
        XCTAssertEqual(result.stderr, "")
    }

    func test_run_writesAFailedPagesErrorRecordAndExits69() {
        let stub = HTTPClientStub([first: page([idA, idB]), after(idB): .failure(ToolError(.connectivity, "connection refused"))])

        let result = run(["--paginate", first], client: stub)

        XCTAssertEqual(result.code, 69)
        XCTAssertEqual(result.stdoutLines, [
            Fixture.responseRecord(url: first, body: body([idA, idB])),
            Fixture.errorRecord(url: after(idB), kind: "connectivity", message: "connection refused"),
        ])
        XCTAssertEqual(result.stderrLines, ["feed-fetch: \(after(idB)): connection refused"])
        XCTAssertEqual(stub.requestedURLs, [first, after(idB)])
    }

    func test_run_endsWith74WhenStdoutClosesAndFetchesNoMorePages() {
        let stub = HTTPClientStub([first: page([idA, idB]), after(idB): page([idC, "id-4"]), after("id-4"): page([])])
        let firstLine = Fixture.responseRecord(url: first, body: body([idA, idB])) + "\n"

        let result = run(["--paginate", first], client: stub, stdoutRefusingAfter: firstLine.utf8.count + 5)

        XCTAssertEqual(result.code, 74)
        XCTAssertEqual(result.stdout, firstLine)
        XCTAssertEqual(stub.requestedURLs, [first, after(idB)])
    }

    func test_run_indentsThePagesWithPrettyAndSendsTheHeadersOnEveryPage() {
        let stub = HTTPClientStub([first: page([idA, idB]), after(idB): page([])])
        var settings: FetchSettings?
        let io = makeIO()

        let code = FeedFetchCommand { asked in
            settings = asked
            return stub
        }.run(["--pretty", "-H", "X-Token: secret", "--paginate", first], io.standardIO)

        XCTAssertEqual(code, 0)
        XCTAssertEqual(jsonValues(io.output.bytes).count, 2)
        XCTAssertTrue(io.stdout.hasPrefix("{\n  \"url\": "), io.stdout)
        XCTAssertEqual(settings?.headers, [RequestHeader(name: "X-Token", value: "secret")])
    }

    // MARK: - Usage

    func test_run_refusesPaginateWithoutExactlyOneURLArgumentAsUsage() {
        for (arguments, stdin) in [([String](), BytesSource.lines(first)), ([], .terminal), ([first, first], .terminal)] {
            let stub = HTTPClientStub([first: page([])])

            let result = run(["--paginate"] + arguments, stdin: stdin, client: stub)

            XCTAssertEqual(result.code, 64, "\(arguments)")
            XCTAssertEqual(stub.requestedURLs, [], "\(arguments)")
            XCTAssertEqual(result.stderrLines.count, 1, result.stderr)
            XCTAssertTrue(result.stderr.hasPrefix("feed-fetch: --paginate "), result.stderr)
            XCTAssertTrue(result.stderr.hasSuffix("(see 'feed-fetch --help')\n"), result.stderr)
            XCTAssertEqual(errorKinds(result), ["usage"], "\(arguments)")
        }
    }

    func test_run_failsAMalformedURLAsUsageNamingIt() {
        let stub = HTTPClientStub([:])

        let result = run(["--paginate", "ftp://h/v1/feed"], client: stub)

        XCTAssertEqual(result.code, 64)
        XCTAssertEqual(result.stdoutLines, [Fixture.errorRecord(url: "ftp://h/v1/feed", kind: "usage", message: "unsupported scheme 'ftp' (only http and https)")])
        XCTAssertEqual(result.stderrLines, ["feed-fetch: ftp://h/v1/feed: unsupported scheme 'ftp' (only http and https)"])
        XCTAssertEqual(stub.requestedURLs, [])
    }

    func test_run_rejectsABadMaxPagesAsUsageBeforeFetching() {
        let cases: [[String]] = [["--paginate", "--max-pages", "0"], ["--paginate", "--max-pages", "10001"], ["--paginate", "--max-pages", "two"],
                                 ["--paginate", "--max-pages="], ["--paginate", "--max-pages"], ["--max-pages", "2"], ["--paginate=yes"]]
        for arguments in cases {
            let stub = HTTPClientStub([first: page([])])

            let result = run(arguments + [first], client: stub)

            XCTAssertEqual(result.code, 64, "\(arguments)")
            XCTAssertEqual(stub.requestedURLs, [], "\(arguments)")
            XCTAssertTrue(result.stderr.hasSuffix("(see 'feed-fetch --help')\n"), "\(arguments): \(result.stderr)")
        }
    }

    func test_run_takesMaxPagesFrom1To10000() {
        for value in ["1", "10000"] {
            let stub = HTTPClientStub([first: page([idA, idB]), after(idB): page([])])

            let result = run(["--paginate", "--max-pages=\(value)", first], client: stub)

            XCTAssertEqual(result.code, 0, value)
            XCTAssertEqual(result.stdoutLines.count, value == "1" ? 1 : 2, value)
        }
    }

    func test_run_listsTheNewOptionsInTheHelp() {
        let result = run(["--help"], client: HTTPClientStub([:]))

        XCTAssertTrue(result.stdout.contains("--paginate"), result.stdout)
        XCTAssertTrue(result.stdout.contains("--max-pages N"), result.stdout)
    }

    // MARK: - Helpers

    private func after(_ id: String) -> String { first + "&after_id=" + id }

    private func body(_ ids: [String]) -> String {
        "{\"items\":[" + ids.map { #"{"id":"\#($0)","image":"https://h/\#($0)"}"# }.joined(separator: ",") + "]}"
    }

    private func page(_ ids: [String]) -> Result<HTTPResponse, ToolError> { .success(.ok(body(ids))) }

    private func run(_ arguments: [String], stdin: BytesSource = .terminal, client: HTTPClientStub,
                     stdoutRefusingAfter limit: Int? = nil) -> RunResult {
        let io = makeIO(stdin: stdin, stdoutRefusingAfter: limit)
        let code = FeedFetchCommand { _ in client }.run(arguments, io.standardIO)
        return RunResult(code: code, io: io)
    }

    private func errorKinds(_ result: RunResult, file: StaticString = #filePath, line: UInt = #line) -> [String] {
        jsonValues(result.io.output.bytes, file: file, line: line).compactMap { $0["error"]?["kind"]?.stringValue }
    }
}
