import XCTest
import FeedCore
import FeedCommands
import FeedTestSupport

/// feed-comments over in-memory standard I/O: the comments mapper and
/// presenter use case, against a fixed clock.
final class FeedCommentsCommandTests: XCTestCase {
    private let commentsURL = "https://h/v1/image/\(Fixture.id0)/comments"

    // MARK: - Mapping

    func test_run_writesOneCommentsDocumentPerResponseRecord() {
        let result = run(stdin: .lines(
            record(body: payload([comment(id: Fixture.id0, message: "a message", createdAt: "2020-05-20T11:24:59Z", username: "a username")])),
            record(body: payload([comment(id: Fixture.id1Lower, message: "another", createdAt: "2020-05-19T00:00:00Z", username: "b")]))
        ))

        XCTAssertEqual(result.code, 0)
        XCTAssertEqual(result.stdoutLines, [
            #"{"items":[{"id":"\#(Fixture.id0)","message":"a message","created_at":"2020-05-20T11:24:59Z","author":{"username":"a username"}}]}"#,
            #"{"items":[{"id":"\#(Fixture.id1Lower)","message":"another","created_at":"2020-05-19T00:00:00Z","author":{"username":"b"}}]}"#,
        ])
        XCTAssertEqual(result.stderr, "")
    }

    func test_run_writesCreatedAtInUTCToTheSecondFromAnyOffset() {
        let dates = ["2020-05-20T12:24:59+01:00", "2020-05-20T11:24:59+0000", "2020-05-20T05:54:59-05:30",
                     "2020-05-20T11:24:59.999Z", "2020-05-20T11:24:59.5+00:00"]
        let comments = dates.map { comment(id: Fixture.id0, message: "m", createdAt: $0, username: "u") }

        let result = run(stdin: .lines(record(body: payload(comments))))

        XCTAssertEqual(result.code, 0)
        let written = jsonValues(result.io.output.bytes).first?["items"]?.arrayValue?.compactMap { $0["created_at"]?.stringValue }
        XCTAssertEqual(written, Array(repeating: "2020-05-20T11:24:59Z", count: dates.count))
    }

    func test_run_acceptsEvery2xxStatus() {
        for status in [200, 201, 250, 299] {
            let result = run(stdin: .lines(record(status: status, body: #"{"items":[]}"#)))

            XCTAssertEqual(result.code, 0, "status \(status)")
            XCTAssertEqual(result.stdout, #"{"items":[]}"# + "\n", "status \(status)")
        }
    }

    func test_run_takesABarePayloadDocumentAsA200Response() {
        let result = run(stdin: .lines(payload([comment(id: Fixture.id0, message: "m", createdAt: "2020-05-20T11:24:59Z", username: "u")])))

        XCTAssertEqual(result.code, 0)
        XCTAssertEqual(result.stdout, #"{"items":[{"id":"\#(Fixture.id0)","message":"m","created_at":"2020-05-20T11:24:59Z","author":{"username":"u"}}]}"# + "\n")
    }

    // MARK: - Text for people

    func test_run_formatTextShowsUsernameRelativeDateAndMessageAgainstTheClock() {
        let now = Timestamp.commandTestNow.seconds // 2025-11-21T22:00:00Z
        let result = run(["--format", "text"], stdin: .lines(record(body: payload([
            comment(id: Fixture.id0, message: "first line\nsecond line", createdAt: ISO8601.format(now - 3 * 86400), username: "alice"),
            comment(id: Fixture.id1, message: "hi", createdAt: ISO8601.format(now - 2 * 3600 - 59), username: "bob"),
            comment(id: Fixture.id2, message: "now", createdAt: ISO8601.format(now), username: "carol"),
        ]))))

        XCTAssertEqual(result.code, 0)
        XCTAssertEqual(result.stdout, """
        alice, 3 days ago
          first line
          second line

        bob, 2 hours ago
          hi

        carol, just now
          now

        """)
        XCTAssertEqual(result.stderr, "")
    }

    func test_run_formatTextReadsTheInjectedClockNotTheSystemsClock() {
        let input = BytesSource.lines(record(body: payload([
            comment(id: Fixture.id0, message: "m", createdAt: "2025-11-18T22:00:00Z", username: "a username"),
        ])))
        let clock = TestClock()

        let threeDays = run(["--format", "text"], stdin: input, clock: clock)
        clock.advance(seconds: 4 * 86400)
        let aWeek = run(["--format", "text"], stdin: input, clock: clock)

        XCTAssertEqual(threeDays.stdout, "a username, 3 days ago\n  m\n")
        XCTAssertEqual(aWeek.stdout, "a username, 1 week ago\n  m\n")
    }

    // MARK: - Failures that start here

    func test_run_failsANon2xxResponseAsInvalidDataWithOneStderrLineAndAnErrorRecord() {
        for status in [199, 300, 404, 500] {
            let result = run(stdin: .lines(record(status: status, body: #"{"items":[]}"#)))

            XCTAssertEqual(result.code, 65, "status \(status)")
            XCTAssertEqual(result.stderr, "feed-comments: \(commentsURL): status \(status), expected 2xx\n")
            XCTAssertEqual(result.stdout, Fixture.errorRecord(url: commentsURL, kind: "invalid-data", message: "status \(status), expected 2xx") + "\n")
        }
    }

    func test_run_failsTheWholePayloadWhenOneCommentIsInvalidAndWritesNoHalfDocument() {
        let good = comment(id: Fixture.id0, message: "m", createdAt: "2020-05-20T11:24:59Z", username: "u")
        for bad in [#"{"id":"\#(Fixture.id0)","message":"m","created_at":"yesterday","author":{"username":"u"}}"#,
                    #"{"id":"not-a-uuid","message":"m","created_at":"2020-05-20T11:24:59Z","author":{"username":"u"}}"#,
                    #"{"id":"\#(Fixture.id0)","message":"m","created_at":"2020-05-20T11:24:59Z","author":{}}"#,
                    #"{"id":"\#(Fixture.id0)","message":3,"created_at":"2020-05-20T11:24:59Z","author":{"username":"u"}}"#] {
            let result = run(stdin: .lines(record(body: payload([good, good, bad]))))

            XCTAssertEqual(result.code, 65, bad)
            XCTAssertEqual(result.stderrLines.count, 1, bad)
            XCTAssertTrue(result.stderr.hasPrefix("feed-comments: \(commentsURL): "), result.stderr)
            XCTAssertTrue(result.stderr.contains("items[2]"), result.stderr)
            XCTAssertEqual(errorKinds(result), ["invalid-data"], bad)
            XCTAssertEqual(jsonValues(result.io.output.bytes).count, 1, "a half document was written: \(result.stdout)")
        }
    }

    func test_run_writesNoErrorRecordWhenStdoutIsATerminal() {
        let result = run(stdin: .lines(record(status: 404, body: "")), stdoutIsTerminal: true)

        XCTAssertEqual(result.code, 65)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(result.stderrLines, ["feed-comments: \(commentsURL): status 404, expected 2xx"])
    }

    func test_run_endsTheStreamAtMalformedJSON() {
        let result = run(stdin: BytesSource(#"{"items":[]}"# + "\n" + "{oops\n" + #"{"items":[]}"# + "\n"))

        XCTAssertEqual(result.code, 65)
        XCTAssertEqual(result.stdoutLines.first, #"{"items":[]}"#)
        XCTAssertEqual(errorKinds(result), ["invalid-data"])
        XCTAssertEqual(jsonValues(result.io.output.bytes).count, 2)
        XCTAssertEqual(result.stderrLines.count, 1)
    }

    // MARK: - Error records from earlier stages

    func test_run_passesOnAnErrorRecordSilentlyWithItsExitCode() {
        let record = Fixture.errorRecord(url: commentsURL, kind: "connectivity", message: "connection refused")

        let result = run(stdin: .lines(record))

        XCTAssertEqual(result.code, 69)
        XCTAssertEqual(result.stdout, record + "\n")
        XCTAssertEqual(result.stderr, "")
    }

    /// Text is for people: the record's code goes on, the record does not
    /// (the stage where it started said why on stderr).
    func test_run_withFormatText_passesOnAnErrorRecordsCodeButNotTheRecord() {
        let record = Fixture.errorRecord(url: commentsURL, kind: "not-found", message: "gone")

        let result = run(["--format", "text"], stdin: .lines(record))

        XCTAssertEqual(result.code, 66)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(result.stderr, "")
    }

    func test_run_exitsWithTheFirstFailuresCodeAndGoesOnWithTheRest() {
        let passed = Fixture.errorRecord(url: commentsURL, kind: "connectivity", message: "reset")

        let result = run(stdin: .lines(passed, record(status: 500, body: ""), #"{"items":[]}"#))

        XCTAssertEqual(result.code, 69)
        XCTAssertEqual(result.stdoutLines, [
            passed,
            Fixture.errorRecord(url: commentsURL, kind: "invalid-data", message: "status 500, expected 2xx"),
            #"{"items":[]}"#,
        ])
        XCTAssertEqual(result.stderrLines, ["feed-comments: \(commentsURL): status 500, expected 2xx"])
    }

    // MARK: - Standard input and options

    func test_run_readsEmptyStdinAsNotFound() {
        let result = run(stdin: .empty)

        XCTAssertEqual(result.code, 66)
        XCTAssertEqual(result.stderr, "feed-comments: no input: expected response records on standard input\n")
        XCTAssertEqual(result.stdout, Fixture.errorRecord(kind: "not-found", message: "no input: expected response records on standard input") + "\n")
    }

    func test_run_refusesATerminalOnStdinAsUsage() {
        let result = run(stdin: .terminal, stdoutIsTerminal: true)

        XCTAssertEqual(result.code, 64)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(result.stderrLines.count, 1)
        XCTAssertTrue(result.stderr.hasPrefix("feed-comments: standard input is a terminal"), result.stderr)
    }

    func test_run_printsHelpOnStdoutAndExitsZero() {
        let result = run(["--help"], stdin: .terminal)

        XCTAssertEqual(result.code, 0)
        XCTAssertTrue(result.stdout.hasPrefix("usage: feed-comments"), result.stdout)
        XCTAssertTrue(result.stdout.contains("--format"))
        XCTAssertEqual(result.stderr, "")
    }

    func test_run_printsTheVersion() {
        let result = run(["--version"], stdin: .terminal)

        XCTAssertEqual(result.code, 0)
        XCTAssertEqual(result.stdout, "feed-comments \(ToolsetVersion.string)\n")
    }

    func test_run_rejectsAnUnknownOptionOrFormatAsUsageWithAHint() {
        let cases: [([String], String)] = [
            (["-x"], "feed-comments: unknown option '-x' (see 'feed-comments --help')\n"),
            (["--format", "csv"], "feed-comments: unknown format 'csv' (json, text, jsonl or tsv) (see 'feed-comments --help')\n"),
            (["a-file"], "feed-comments: unexpected argument 'a-file' (see 'feed-comments --help')\n"),
        ]
        for (arguments, message) in cases {
            let result = run(arguments, stdin: .lines(#"{"items":[]}"#))

            XCTAssertEqual(result.code, 64, "\(arguments)")
            XCTAssertEqual(result.stderr, message)
            XCTAssertEqual(errorKinds(result), ["usage"])
        }
    }

    func test_run_endsWith74WhenStdoutClosesMidRunAndNothingFailedBefore() {
        let result = run(stdin: .lines(#"{"items":[]}"#, #"{"items":[]}"#, #"{"items":[]}"#), stdoutRefusingAfter: 14)

        XCTAssertEqual(result.code, 74)
        XCTAssertEqual(result.stdout, #"{"items":[]}"# + "\n")
        XCTAssertEqual(result.stderr, "")
    }

    // MARK: - Helpers

    private func run(_ arguments: [String] = [], stdin: BytesSource, stdoutIsTerminal: Bool = false,
                     stdoutRefusingAfter limit: Int? = nil, clock: TestClock = TestClock()) -> RunResult {
        let io = makeIO(stdin: stdin, stdoutIsTerminal: stdoutIsTerminal, stdoutRefusingAfter: limit, clock: clock)
        let code = FeedCommentsCommand().run(arguments, io.standardIO)
        return RunResult(code: code, io: io)
    }

    private func record(status: Int = 200, body: String) -> String {
        Fixture.responseRecord(url: commentsURL, status: status, body: body)
    }

    private func payload(_ comments: [String]) -> String {
        #"{"items":[\#(comments.joined(separator: ","))]}"#
    }

    private func comment(id: String, message: String, createdAt: String, username: String) -> String {
        let item = JSON.object(JSONObject([
            ("id", .string(id)), ("message", .string(message)), ("created_at", .string(createdAt)),
            ("author", .object(JSONObject([("username", .string(username))]))),
        ]))
        return String(decoding: JSONWriter().line(item).dropLast(), as: UTF8.self)
    }

    private func errorKinds(_ result: RunResult, file: StaticString = #filePath, line: UInt = #line) -> [String] {
        jsonValues(result.io.output.bytes, file: file, line: line).compactMap { $0["error"]?["kind"]?.stringValue }
    }
}
