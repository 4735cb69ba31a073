import XCTest
import FeedCore
import FeedCommands
import FeedTestSupport

/// feed-fetch over in-memory standard I/O and a stub HTTP client: "System
/// downloads data from the URL", one response record per URL in input order.
/// The real transfers (redirects, TLS, timeouts, signals) are the process
/// tests' and FeedNetworking's.
final class FeedFetchCommandTests: XCTestCase {

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

    // MARK: - Concurrency

    func test_run_writesRecordsInInputOrderWithJ4FromAClientThatAnswersOutOfOrder() {
        let urls = (0..<12).map { "https://h/\($0)" }
        var answers: [String: Result<HTTPResponse, ToolError>] = [:]
        var delays: [String: Double] = [:]
        for (offset, url) in urls.enumerated() {
            answers[url] = .success(.ok("body \(offset)"))
            delays[url] = Double(urls.count - offset) * 0.004 // the first ones answer last
        }
        let stub = HTTPClientStub(answers, delivery: .onAnotherThread, delays: delays)
        var asked: (limits: FetchLimits, concurrency: Int)?

        let io = makeIO()
        let code = FeedFetchCommand { settings in
            asked = (settings.limits, settings.concurrency)
            return stub
        }.run(["-j", "4"] + urls, io.standardIO)

        XCTAssertEqual(code, 0)
        XCTAssertEqual(io.output.lines, urls.enumerated().map { offset, url in
            #"{"url":"\#(url)","status":200,"headers":{},"body":"body \#(offset)"}"#
        })
        XCTAssertEqual(io.errors.text, "")
        XCTAssertEqual(asked?.concurrency, 4)
        XCTAssertEqual(Set(stub.requestedURLs), Set(urls))
        XCTAssertLessThanOrEqual(stub.maxRequestsInFlight, 4)
        XCTAssertGreaterThan(stub.maxRequestsInFlight, 1, "-j 4 fetched one at a time")
    }

    func test_run_fetchesOneAtATimeByDefault() {
        let urls = (0..<5).map { "https://h/\($0)" }
        let stub = HTTPClientStub(Dictionary(uniqueKeysWithValues: urls.map { ($0, .success(.ok($0))) }), delivery: .onAnotherThread,
                                  delays: Dictionary(uniqueKeysWithValues: urls.map { ($0, 0.002) }))

        let result = run(urls, client: stub)

        XCTAssertEqual(result.code, 0)
        XCTAssertEqual(result.stdoutLines.count, urls.count)
        XCTAssertEqual(stub.requestedURLs, urls)
        XCTAssertEqual(stub.maxRequestsInFlight, 1)
    }

    func test_run_writesTheSameBytesWhetherTheClientAnswersAtOnceOrOnAnotherThread() {
        let urls = (0..<6).map { "https://h/\($0)" }
        var answers: [String: Result<HTTPResponse, ToolError>] = [:]
        for (offset, url) in urls.enumerated() {
            answers[url] = offset == 2 ? .failure(ToolError(.connectivity, "connection reset")) : .success(.ok("\(offset)"))
        }

        let synchronous = run(["-j3"] + urls, client: HTTPClientStub(answers))
        let threaded = run(["-j3"] + urls, client: HTTPClientStub(answers, delivery: .onAnotherThread,
                                                                   delays: ["https://h/0": 0.02, "https://h/4": 0.01]))

        XCTAssertEqual(synchronous.code, 69)
        XCTAssertEqual(threaded.code, 69)
        XCTAssertEqual(synchronous.stdout, threaded.stdout)
        XCTAssertEqual(synchronous.stderr, threaded.stderr)
    }

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

        let result = run(["not a url", "https:/one-slash", "mailto:a@b"], client: stub)

        XCTAssertEqual(result.code, 64)
        XCTAssertEqual(stub.requestedURLs, [])
        XCTAssertEqual(result.stderrLines.count, 3, result.stderr)
        XCTAssertEqual(result.stderrLines.first, "feed-fetch: not a url: malformed URL")
        XCTAssertEqual(errorKinds(result), ["usage", "usage", "usage"])
    }

    func test_run_keepsAURLWithANewlineToOneStderrLineAndWholeInTheRecord() {
        let url = "https://h/a\nb"
        let stub = HTTPClientStub([url: .failure(ToolError(.connectivity, "refused"))])

        let result = run([url], client: stub)

        XCTAssertNotEqual(result.code, 0)
        XCTAssertEqual(result.stderrLines.count, 1, result.stderr)
        XCTAssertTrue(result.stderr.hasPrefix("feed-fetch: https://h/a b: "), result.stderr)
        XCTAssertEqual(jsonValues(result.io.output.bytes).first?["url"]?.stringValue, url)
    }

    // MARK: - Standard input

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
        XCTAssertEqual(result.stderr, "feed-fetch: no input: expected URLs or a feed document on standard input\n")
        XCTAssertEqual(result.stdout, Fixture.errorRecord(kind: "not-found", message: "no input: expected URLs or a feed document on standard input") + "\n")
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

    // MARK: - Options

    func test_run_givesTheClientTheLimitsAndConcurrencyAsked() {
        var asked: [(limits: FetchLimits, concurrency: Int)] = []
        let stub = HTTPClientStub(["https://h/a": .success(.ok("a"))])
        func fetch(_ arguments: [String]) -> Int32 {
            FeedFetchCommand { settings in
                asked.append((settings.limits, settings.concurrency))
                return stub
            }.run(arguments, makeIO().standardIO)
        }

        XCTAssertEqual(fetch(["https://h/a"]), 0)
        XCTAssertEqual(fetch(["--timeout", "2.5", "--max-size", "512K", "--jobs=8", "https://h/a"]), 0)

        XCTAssertEqual(asked.count, 2)
        XCTAssertEqual(asked.first?.limits.timeout, FetchLimits.defaultTimeout)
        XCTAssertEqual(asked.first?.limits.maxSize, FetchLimits.defaultMaxSize)
        XCTAssertEqual(asked.first?.concurrency, 1)
        XCTAssertEqual(asked.last?.limits.timeout, 2.5)
        XCTAssertEqual(asked.last?.limits.maxSize, 512 * 1024)
        XCTAssertEqual(asked.last?.concurrency, 8)
    }

    func test_run_rejectsBadOptionValuesAsUsageWithAHintBeforeFetching() {
        let cases: [[String]] = [["-j", "0"], ["-j", "257"], ["-j", "four"], ["--timeout", "0"], ["--timeout", "-1"],
                                 ["--timeout", "1e3"], ["--max-size", "12Q"], ["--max-size", ""], ["--nope"], ["-j"]]
        for arguments in cases {
            let stub = HTTPClientStub(["https://h/a": .success(.ok("a"))])

            let result = run(arguments + ["https://h/a"], client: stub)

            XCTAssertEqual(result.code, 64, "\(arguments)")
            XCTAssertEqual(stub.requestedURLs, [], "\(arguments)")
            XCTAssertEqual(result.stderrLines.count, 1, "\(arguments)")
            XCTAssertTrue(result.stderr.hasPrefix("feed-fetch: "), result.stderr)
            XCTAssertTrue(result.stderr.hasSuffix("(see 'feed-fetch --help')\n"), "\(arguments): \(result.stderr)")
            XCTAssertEqual(errorKinds(result), ["usage"], "\(arguments)")
        }
    }

    func test_run_rejectsAnUnknownOptionWithItsNameAndAHint() {
        let result = run(["--bogus", "https://h/a"], client: HTTPClientStub([:]))

        XCTAssertEqual(result.code, 64)
        XCTAssertEqual(result.stderr, "feed-fetch: unknown option '--bogus' (see 'feed-fetch --help')\n")
    }

    func test_run_takesArgumentsAfterDoubleDashAsURLs() {
        let result = run(["--", "--help"], client: HTTPClientStub([:]))

        XCTAssertEqual(result.code, 64)
        XCTAssertEqual(result.stderr, "feed-fetch: --help: malformed URL\n")
    }

    func test_run_printsHelpOnStdoutAndExitsZeroWithoutFetching() {
        let stub = HTTPClientStub([:])

        let result = run(["--help", "https://h/a"], client: stub)

        XCTAssertEqual(result.code, 0)
        XCTAssertTrue(result.stdout.hasPrefix("usage: feed-fetch"), result.stdout)
        XCTAssertEqual(result.stderr, "")
        XCTAssertEqual(stub.requestedURLs, [])
    }

    func test_run_printsTheVersion() {
        let result = run(["--version"], client: HTTPClientStub([:]))

        XCTAssertEqual(result.code, 0)
        XCTAssertEqual(result.stdout, "feed-fetch \(ToolsetVersion.string)\n")
        XCTAssertEqual(result.stderr, "")
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

    // MARK: - Helpers

    private func run(_ arguments: [String] = [], stdin: BytesSource = .terminal, client: HTTPClientStub,
                     stdoutIsTerminal: Bool = false, stdoutRefusingAfter limit: Int? = nil) -> RunResult {
        let io = makeIO(stdin: stdin, stdoutIsTerminal: stdoutIsTerminal, stdoutRefusingAfter: limit)
        let code = FeedFetchCommand { _ in client }.run(arguments, io.standardIO)
        return RunResult(code: code, io: io)
    }

    private func errorKinds(_ result: RunResult, file: StaticString = #filePath, line: UInt = #line) -> [String] {
        jsonValues(result.io.output.bytes, file: file, line: line).compactMap { $0["error"]?["kind"]?.stringValue }
    }
}
