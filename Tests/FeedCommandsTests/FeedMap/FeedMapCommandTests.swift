import XCTest
import FeedCore
import FeedCommands
import FeedTestSupport

/// feed-map over in-memory standard I/O: the feed mapper use case, the pipe's
/// rules and the exit codes. The process tests (CommandTests) keep the real
/// pipes, signals and mapped files.
final class FeedMapCommandTests: XCTestCase {

    // MARK: - Mapping

    func test_run_writesOneFeedDocumentPerResponseRecord() {
        let other = #"{"items":[{"id":"\#(Fixture.id2)","image":"https://h/image-2"}]}"#
        let result = run(stdin: .lines(
            Fixture.responseRecord(body: Fixture.feedPayload),
            Fixture.responseRecord(url: "https://h/v1/feed?page=2", body: other)
        ))

        XCTAssertEqual(result.code, 0)
        XCTAssertEqual(result.stdout, Fixture.feedDocument + "\n"
            + #"{"items":[{"id":"\#(Fixture.id2)","url":"https://h/image-2"}]}"# + "\n")
        XCTAssertEqual(result.stderr, "")
    }

    func test_run_writesItemKeysInContractOrderAndLeavesOutAbsentOptionalKeys() {
        let payload = #"{"items":[{"image":"https://h/a/b","extra":[1,{"x":null}],"location":null,"description":"d","id":"\#(Fixture.id1Lower)"}],"next":"x"}"#

        let result = run(stdin: .lines(Fixture.responseRecord(body: payload)))

        XCTAssertEqual(result.code, 0)
        XCTAssertEqual(result.stdout, #"{"items":[{"id":"\#(Fixture.id1)","description":"d","url":"https://h/a/b"}]}"# + "\n")
    }

    func test_run_writesAnEmptyFeedForAnEmptyItemsArray() {
        let result = run(stdin: .lines(Fixture.responseRecord(body: #"{"items":[]}"#)))

        XCTAssertEqual(result.code, 0)
        XCTAssertEqual(result.stdout, #"{"items":[]}"# + "\n")
    }

    func test_run_takesABarePayloadDocumentAsA200Response() {
        let result = run(stdin: .lines(Fixture.feedPayload))

        XCTAssertEqual(result.code, 0)
        XCTAssertEqual(result.stdout, Fixture.feedDocument + "\n")
        XCTAssertEqual(result.stderr, "")
    }

    func test_run_mapsTheSpotsSchema() {
        let payload = #"{"items":[{"id":"\#(Fixture.id0)","author":"a","likes":3,"image":"https://h/s"},{"id":"\#(Fixture.id2)","author":"b","description":"d","likes":0,"image":"https://h/t"}]}"#

        let result = run(["--schema", "spots"], stdin: .lines(Fixture.responseRecord(body: payload)))

        XCTAssertEqual(result.code, 0)
        XCTAssertEqual(result.stdout, #"{"items":[{"id":"\#(Fixture.id0)","author":"a","likes":3,"url":"https://h/s"},{"id":"\#(Fixture.id2)","author":"b","description":"d","likes":0,"url":"https://h/t"}]}"# + "\n")
    }

    func test_run_writesAReadableListWithFormatText() {
        let result = run(["--format", "text"], stdin: .lines(Fixture.responseRecord(body: Fixture.feedPayload)))

        XCTAssertEqual(result.code, 0)
        XCTAssertEqual(result.stdout, "d\n  l\n  https://h/image-0\n\n(no description)\n  https://h/image-1\n")
    }

    func test_run_indentsTheDocumentWithPretty() {
        let result = run(["--pretty"], stdin: .lines(Fixture.responseRecord(body: #"{"items":[{"id":"\#(Fixture.id0)","image":"https://h/i"}]}"#)))

        XCTAssertEqual(result.code, 0)
        XCTAssertEqual(result.stdout, """
        {
          "items": [
            {
              "id": "\(Fixture.id0)",
              "url": "https://h/i"
            }
          ]
        }

        """)
    }

    // MARK: - Fast path and reference path

    func test_run_fastPathWritesTheSameBytesAsTheReferencePath() {
        let records = [
            Fixture.responseRecord(body: Fixture.feedPayload),
            Fixture.responseRecord(body: #"{"items":[{"id":"\#(Fixture.id1Lower)","description":"quote \" slash / back \\ tab \t é 😀 \u00e9","location":"<&>","image":"https://h/x?a=1&b=2"}]}"#),
            Fixture.responseRecord(headers: [("Content-Type", "application/json")], body: #"{"items":[{"id":"\#(Fixture.id0)","unknown":{"deep":[1,2,{"a":"b"}]},"image":"https://h/y"}],"meta":{}}"#),
            Fixture.responseRecord(body: "  {\n  \"items\" : [ ] }\n"),
            Fixture.feedPayload,
        ]
        let input = BytesSource.lines(records[0], records[1], records[2], records[3], records[4])

        let compact = run(stdin: input)
        let pretty = run(["--pretty"], stdin: input)

        XCTAssertEqual(compact.code, 0)
        XCTAssertEqual(pretty.code, 0)
        XCTAssertEqual(compact.stdoutLines.count, records.count)
        XCTAssertEqual(compact.stdout, recompacted(pretty.io.output.bytes))
    }

    func test_run_writesTheSameBytesForARecordWithAUnicodeEscapeAtTheRecordLevel() {
        let plain = Fixture.responseRecord(body: Fixture.feedPayload)
        // The body's quotes written as \u0022 and its slashes as \/, as another JSON writer may.
        let escaped = plain.replacingOccurrences(of: #"\""#, with: #"\u0022"#).replacingOccurrences(of: "/", with: #"\/"#)
        XCTAssertNotEqual(escaped, plain, "precondition")

        let result = run(stdin: .lines(escaped))

        XCTAssertEqual(result.code, 0)
        XCTAssertEqual(result.stdout, Fixture.feedDocument + "\n")
    }

    func test_run_writesTheSameBytesForARecordTheFastPathDeclines() {
        // An unknown key at the record's level, and the body as base64: the reference path's.
        let unknownKey = #"{"url":"\#(Fixture.feedURL)","status":200,"headers":{},"via":"cache","body":\#(quoted(Fixture.feedPayload))}"#
        let base64 = #"{"url":"\#(Fixture.feedURL)","status":200,"headers":{},"body_base64":"\#(Base64.encode(Array(Fixture.feedPayload.utf8)))"}"#
        let keysReordered = #"{"body":\#(quoted(Fixture.feedPayload)),"status":200,"url":"\#(Fixture.feedURL)"}"#

        let result = run(stdin: .lines(unknownKey, base64, keysReordered))

        XCTAssertEqual(result.code, 0)
        XCTAssertEqual(result.stdout, String(repeating: Fixture.feedDocument + "\n", count: 3))
        XCTAssertEqual(result.stderr, "")
    }

    // MARK: - Failures that start here

    func test_run_failsANon200ResponseAsInvalidDataWithOneStderrLineAndAnErrorRecord() {
        let result = run(stdin: .lines(Fixture.responseRecord(status: 404, body: "not found")))

        XCTAssertEqual(result.code, 65)
        XCTAssertEqual(result.stderr, "feed-map: https://h/v1/feed: status 404, expected 200\n")
        XCTAssertEqual(result.stdout, Fixture.errorRecord(url: Fixture.feedURL, kind: "invalid-data", message: "status 404, expected 200") + "\n")
    }

    func test_run_writesNoErrorRecordWhenStdoutIsATerminal() {
        let result = run(stdin: .lines(Fixture.responseRecord(status: 500, body: "")), stdoutIsTerminal: true)

        XCTAssertEqual(result.code, 65)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(result.stderrLines, ["feed-map: https://h/v1/feed: status 500, expected 200"])
    }

    func test_run_failsABodyThatIsNotTheFeedShapeAsInvalidData() {
        for body in ["{}", "[]", #"{"items":{}}"#, "not json", "", #"{"items":[{"id":"nope","image":"https://h/i"}]}"#,
                     #"{"items":[{"id":"\#(Fixture.id0)","image":"/relative"}]}"#,
                     #"{"items":[{"id":"\#(Fixture.id0)","description":7,"image":"https://h/i"}]}"#] {
            let result = run(stdin: .lines(Fixture.responseRecord(body: body)))

            XCTAssertEqual(result.code, 65, body)
            XCTAssertEqual(result.stderrLines.count, 1, body)
            XCTAssertTrue(result.stderr.hasPrefix("feed-map: https://h/v1/feed: "), result.stderr)
            XCTAssertEqual(errorKinds(result), ["invalid-data"], body)
        }
    }

    func test_run_writesNoHalfDocumentWhenALaterItemIsInvalid() {
        let good = (0..<200).map { #"{"id":"\#(Fixture.id0)","description":"item \#($0)","image":"https://h/\#($0)"}"# }
        let payload = #"{"items":[\#(good.joined(separator: ",")),{"id":"\#(Fixture.id0)","image":"not a url"}]}"#

        for arguments in [[], ["--pretty"]] {
            let result = run(arguments, stdin: .lines(Fixture.responseRecord(body: payload)))

            XCTAssertEqual(result.code, 65)
            XCTAssertEqual(jsonValues(result.io.output.bytes).count, 1, "a half feed was written: \(result.stdout.prefix(200))")
            XCTAssertEqual(errorKinds(result), ["invalid-data"])
            XCTAssertEqual(result.stderr, "feed-map: https://h/v1/feed: invalid feed: items[200].image: not an absolute URL\n")
        }
    }

    func test_run_failsAValueThatIsNotARecordAndGoesOn() {
        let result = run(stdin: .lines("[1,2]", #"{"neither":true}"#, Fixture.feedPayload))

        XCTAssertEqual(result.code, 65)
        XCTAssertEqual(result.stderrLines.count, 2)
        XCTAssertEqual(result.stdoutLines.count, 3)
        XCTAssertEqual(result.stdoutLines.last, Fixture.feedDocument)
    }

    func test_run_endsTheStreamAtMalformedJSONAfterWritingWhatCameBefore() {
        let result = run(stdin: BytesSource(Fixture.feedPayload + "\n" + #"{"items":[ oops"# + "\n" + Fixture.feedPayload + "\n"))

        XCTAssertEqual(result.code, 65)
        XCTAssertEqual(result.stdoutLines.count, 2)
        XCTAssertEqual(result.stdoutLines.first, Fixture.feedDocument)
        XCTAssertEqual(errorKinds(result), ["invalid-data"])
        XCTAssertEqual(result.stderrLines.count, 1)
        XCTAssertTrue(result.stderr.hasPrefix("feed-map: malformed input"), result.stderr)
    }

    // MARK: - Error records from earlier stages

    func test_run_passesOnAnErrorRecordSilentlyWithItsExitCode() {
        let cases = [("connectivity", Int32(69)), ("invalid-data", 65), ("not-found", 66), ("expired", 66), ("usage", 64), ("saving", 74)]
        for (kind, code) in cases {
            let record = Fixture.errorRecord(url: Fixture.feedURL, kind: kind, message: "it failed upstream")

            let result = run(stdin: .lines(record))

            XCTAssertEqual(result.code, code, kind)
            XCTAssertEqual(result.stdout, record + "\n", kind)
            XCTAssertEqual(result.stderr, "", kind)
        }
    }

    func test_run_passesOnAnErrorRecordWithoutAURL() {
        let record = Fixture.errorRecord(kind: "not-found", message: "no input")

        let result = run(stdin: .lines(record))

        XCTAssertEqual(result.code, 66)
        XCTAssertEqual(result.stdout, record + "\n")
        XCTAssertEqual(result.stderr, "")
    }

    func test_run_passesOnNothingButKeepsTheCodeWhenStdoutIsATerminal() {
        let result = run(stdin: .lines(Fixture.errorRecord(url: Fixture.feedURL, kind: "connectivity", message: "refused")), stdoutIsTerminal: true)

        XCTAssertEqual(result.code, 69)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(result.stderr, "")
    }

    func test_run_exitsWithTheFirstFailuresCodeAndMapsTheOthers() {
        let passed = Fixture.errorRecord(url: "https://h/2", kind: "connectivity", message: "timed out")

        let result = run(stdin: .lines(
            Fixture.responseRecord(url: "https://h/1", status: 503, body: ""),
            Fixture.responseRecord(body: Fixture.feedPayload),
            passed
        ))

        XCTAssertEqual(result.code, 65)
        XCTAssertEqual(result.stdoutLines, [
            Fixture.errorRecord(url: "https://h/1", kind: "invalid-data", message: "status 503, expected 200"),
            Fixture.feedDocument,
            passed,
        ])
        XCTAssertEqual(result.stderrLines, ["feed-map: https://h/1: status 503, expected 200"])
    }

    func test_run_exitsWithAPassedOnRecordsCodeWhenItCameFirst() {
        let result = run(stdin: .lines(
            Fixture.errorRecord(url: "https://h/2", kind: "connectivity", message: "timed out"),
            Fixture.responseRecord(status: 404, body: "")
        ))

        XCTAssertEqual(result.code, 69)
        XCTAssertEqual(result.stderrLines.count, 1)
        XCTAssertEqual(errorKinds(result), ["connectivity", "invalid-data"])
    }

    // MARK: - Standard input

    func test_run_readsEmptyStdinAsNotFound() {
        for input in [BytesSource.empty, BytesSource(" \n\t\r\n")] {
            let result = run(stdin: input)

            XCTAssertEqual(result.code, 66)
            XCTAssertEqual(result.stderr, "feed-map: no input: expected response records on standard input\n")
            XCTAssertEqual(result.stdout, Fixture.errorRecord(kind: "not-found", message: "no input: expected response records on standard input") + "\n")
        }
    }

    func test_run_refusesATerminalOnStdinAsUsage() {
        let result = run(stdin: .terminal)

        XCTAssertEqual(result.code, 64)
        XCTAssertEqual(result.stderrLines.count, 1)
        XCTAssertTrue(result.stderr.hasPrefix("feed-map: standard input is a terminal"), result.stderr)
        XCTAssertTrue(result.stderr.contains("feed-map --help"), result.stderr)
        XCTAssertEqual(errorKinds(result), ["usage"])
    }

    // MARK: - Options

    func test_run_printsHelpOnStdoutAndExitsZero() {
        for option in ["--help", "-h"] {
            let result = run([option], stdin: .terminal)

            XCTAssertEqual(result.code, 0, option)
            XCTAssertTrue(result.stdout.hasPrefix("usage: feed-map"), result.stdout)
            XCTAssertTrue(result.stdout.hasSuffix("\n"))
            XCTAssertEqual(result.stderr, "")
        }
    }

    func test_run_printsTheVersion() {
        let result = run(["--version"], stdin: .terminal)

        XCTAssertEqual(result.code, 0)
        XCTAssertEqual(result.stdout, "feed-map \(ToolsetVersion.string)\n")
        XCTAssertEqual(result.stderr, "")
    }

    func test_run_rejectsAnUnknownOptionAsUsageWithAHint() {
        let result = run(["--nope"], stdin: .lines(Fixture.feedPayload))

        XCTAssertEqual(result.code, 64)
        XCTAssertEqual(result.stderr, "feed-map: unknown option '--nope' (see 'feed-map --help')\n")
        XCTAssertEqual(result.stdout, Fixture.errorRecord(kind: "usage", message: "unknown option '--nope' (see 'feed-map --help')") + "\n")
    }

    func test_run_rejectsBadArgumentsAsUsageWithAHintBeforeReadingStdin() {
        for arguments in [["extra"], ["--schema", "birds"], ["--format", "xml"], ["--schema"], ["--pretty=yes"]] {
            let result = run(arguments, stdin: .terminal, stdoutIsTerminal: true)

            XCTAssertEqual(result.code, 64, "\(arguments)")
            XCTAssertEqual(result.stdout, "", "\(arguments)")
            XCTAssertEqual(result.stderrLines.count, 1, "\(arguments)")
            XCTAssertTrue(result.stderr.hasPrefix("feed-map: "), result.stderr)
            XCTAssertTrue(result.stderr.hasSuffix("(see 'feed-map --help')\n"), result.stderr)
            XCTAssertFalse(result.stderr.contains("standard input"), result.stderr)
        }
    }

    func test_run_takesOperandLookingArgumentsAfterDoubleDashAsOperands() {
        let result = run(["--", "--pretty"], stdin: .lines(Fixture.feedPayload), stdoutIsTerminal: true)

        XCTAssertEqual(result.code, 64)
        XCTAssertEqual(result.stderr, "feed-map: unexpected argument '--pretty' (see 'feed-map --help')\n")
    }

    // MARK: - stdout going away

    func test_run_endsWith74WhenStdoutClosesMidRunAndNothingFailedBefore() {
        let document = Fixture.feedDocument + "\n"

        let result = run(stdin: .lines(Fixture.feedPayload, Fixture.feedPayload, Fixture.feedPayload),
                         stdoutRefusingAfter: document.utf8.count + 10)

        XCTAssertEqual(result.code, 74)
        XCTAssertEqual(result.stdout, document)
        XCTAssertEqual(result.stderr, "")
    }

    func test_run_keepsTheFirstFailuresCodeWhenStdoutClosesAfterIt() {
        let errorLine = Fixture.errorRecord(url: Fixture.feedURL, kind: "invalid-data", message: "status 404, expected 200") + "\n"

        let result = run(stdin: .lines(Fixture.responseRecord(status: 404, body: ""), Fixture.feedPayload, Fixture.feedPayload),
                         stdoutRefusingAfter: errorLine.utf8.count)

        XCTAssertEqual(result.code, 65)
        XCTAssertEqual(result.stdout, errorLine)
        XCTAssertEqual(result.stderrLines.count, 1)
    }

    // MARK: - Helpers

    private func run(_ arguments: [String] = [], stdin: BytesSource, stdoutIsTerminal: Bool = false,
                     stdoutRefusingAfter limit: Int? = nil) -> RunResult {
        let io = makeIO(stdin: stdin, stdoutIsTerminal: stdoutIsTerminal, stdoutRefusingAfter: limit)
        let code = FeedMapCommand().run(arguments, io.standardIO)
        return RunResult(code: code, io: io)
    }

    /// The kinds of the error records on stdout, in order.
    private func errorKinds(_ result: RunResult, file: StaticString = #filePath, line: UInt = #line) -> [String] {
        jsonValues(result.io.output.bytes, file: file, line: line).compactMap { $0["error"]?["kind"]?.stringValue }
    }

    /// A pretty stream read back and written compact, one line each.
    private func recompacted(_ bytes: [UInt8]) -> String {
        jsonValues(bytes).map { String(decoding: JSONWriter().line($0), as: UTF8.self) }.joined()
    }

    private func quoted(_ text: String) -> String {
        var out: [UInt8] = []
        JSONWriter.appendString(text, to: &out)
        return String(decoding: out, as: UTF8.self)
    }
}
