import XCTest
import FeedCore
import FeedCommands
import FeedTestSupport

/// feed-map mapping response records to feed documents, by the fast path or the reference path alike.
final class FeedMapMappingCommandTests: XCTestCase, FeedMapCommandTesting {

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
        XCTAssertEqual(result.stdout, #"{"items":[{"id":"\#(Fixture.id1Lower)","description":"d","url":"https://h/a/b"}]}"# + "\n")
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
}
