import XCTest
import FeedCore
import FeedCommands
import FeedTestSupport

/// feed-map's failures, the error records of earlier stages it passes on, exit codes, and stdout going away.
final class FeedMapFailureCommandTests: XCTestCase, FeedMapCommandTesting {

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
                     #"{"items":[{"id":"\#(Fixture.id0)","image":"https:/h"}]}"#, #"{"items":[{"id":"\#(Fixture.id0)","image":""}]}"#,
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
            XCTAssertEqual(result.stderr, "feed-map: https://h/v1/feed: invalid feed: items[200].image: not an absolute URL, nor a relative one\n")
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
}
