import XCTest
import FeedCore

/// Error records: writing, reading, and every kind's name and exit code.
final class ErrorRecordTests: XCTestCase, RecordTesting {

    func test_errorRecord_writesURLThenErrorKindAndMessage() {
        let record = ErrorRecord(url: "https://h/a", ToolError(.connectivity, "connection refused"))

        XCTAssertEqual(line(record.json), #"{"url":"https://h/a","error":{"kind":"connectivity","message":"connection refused"}}"# + "\n")
    }

    func test_errorRecord_leavesOutTheURLWhenNoURLIsConcerned() {
        let record = ErrorRecord(ToolError(.notFound, "no cached feed"))

        XCTAssertEqual(line(record.json), #"{"error":{"kind":"not-found","message":"no cached feed"}}"# + "\n")
    }

    func test_errorRecord_roundTripsEveryKind() throws {
        for kind in ErrorKind.allCases {
            for url in [nil, "https://h/\(kind.rawValue)"] {
                let record = ErrorRecord(url: url, ToolError(kind, "a \"message\"\nabout \(kind.rawValue)"))
                let object = try XCTUnwrap(JSONReader.parseSingle(JSONWriter().line(record.json)).objectValue)

                XCTAssertEqual(try ErrorRecord(json: object), record)
            }
        }
    }

    func test_errorRecord_readsAMissingMessageAsTheKindAndANullURLAsNone() throws {
        let record = try ErrorRecord(json: object(#"{"url":null,"error":{"kind":"expired"}}"#))

        XCTAssertEqual(record, ErrorRecord(ToolError(.expired, "expired")))
        XCTAssertNil(record.url)
        XCTAssertEqual(record.kind, .expired)
        XCTAssertEqual(record.message, "expired")
    }

    func test_errorRecord_throwsInvalidDataOnUnknownKindOrMalformedRecord() {
        let malformed = [
            #"{"error":{"kind":"timeout","message":"m"}}"#,
            #"{"error":{"kind":"Connectivity","message":"m"}}"#,
            #"{"error":{"kind":"invalid_data","message":"m"}}"#,
            #"{"error":{"kind":"","message":"m"}}"#,
            #"{"error":{"message":"m"}}"#,
            #"{"error":{"kind":null}}"#,
            #"{"error":{"kind":65}}"#,
            #"{"error":"connectivity"}"#,
            #"{"error":null}"#,
            #"{"error":[]}"#,
            #"{"url":1,"error":{"kind":"connectivity"}}"#,
            #"{"url":["u"],"error":{"kind":"connectivity"}}"#,
        ]
        for text in malformed {
            XCTAssertThrowsError(try ErrorRecord(json: object(text)), text) { error in
                XCTAssertEqual((error as? ToolError)?.kind, .invalidData, "\(text): \(error)")
            }
        }
    }

    func test_errorKind_namesAndExitCodesFollowTheContract() {
        let expected: [(ErrorKind, String, Int32)] = [
            (.usage, "usage", 64),
            (.invalidData, "invalid-data", 65),
            (.notFound, "not-found", 66),
            (.expired, "expired", 66),
            (.connectivity, "connectivity", 69),
            (.retrieval, "retrieval", 74),
            (.deletion, "deletion", 74),
            (.saving, "saving", 74),
            (.deferred, "deferred", 75),
        ]

        XCTAssertEqual(ErrorKind.allCases.count, expected.count)
        for (kind, name, code) in expected {
            XCTAssertEqual(kind.rawValue, name)
            XCTAssertEqual(kind.exitCode, code, name)
            XCTAssertEqual(ErrorKind(rawValue: name), kind)
        }
        XCTAssertEqual(ExitCode.interrupted, 130)
        XCTAssertEqual(ExitCode.terminated, 143)
    }
}
