import XCTest
import FeedCore

/// Reading response records: round trips, bodies, headers, malformed records.
final class ResponseRecordReadTests: XCTestCase, RecordTesting {

    func test_responseRecord_roundTripsTextAndBinaryBodies() throws {
        let records = [
            ResponseRecord(url: "https://h/a", status: 200, headers: [("Content-Type", "application/json"), ("Vary", "a"), ("vary", "b")],
                           body: Array("{\"items\":[]}".utf8)),
            ResponseRecord(url: "https://h/b", status: 404, body: [0x00, 0xFF, 0x10, 0x80]),
            ResponseRecord(url: "https://h/c", status: 999, body: []),
            ResponseRecord(url: "https://h/d", status: 100, body: (0...255).map(UInt8.init)),
        ]
        for record in records {
            let read = try ResponseRecord(json: try XCTUnwrap(JSONReader.parseSingle(JSONWriter().line(record.json)).objectValue))

            XCTAssertEqual(read, record, record.url)
            XCTAssertEqual(read.body, record.body, record.url)
        }
    }

    func test_responseRecord_readsTheBodyFromTextOrBase64() throws {
        let text = try readResponse(#"{"url":"u","status":200,"headers":{},"body":"héllo"}"#)
        let base64 = try readResponse(#"{"url":"u","status":200,"headers":{},"body_base64":"aMOpbGxv"}"#)
        let empty = try readResponse(#"{"url":"u","status":200,"headers":{},"body_base64":""}"#)

        XCTAssertEqual(text.body, Array("héllo".utf8))
        XCTAssertEqual(base64.body, Array("héllo".utf8))
        XCTAssertEqual(empty.body, [])
    }

    func test_responseRecord_readsMissingOrNullHeadersAsNone() throws {
        XCTAssertEqual(try readResponse(#"{"url":"u","status":200,"body":""}"#).headers.count, 0)
        XCTAssertEqual(try readResponse(#"{"url":"u","status":200,"headers":null,"body":""}"#).headers.count, 0)
    }

    func test_responseRecord_normalizesHeadersItReads() throws {
        let record = try readResponse(#"{"url":"u","status":200,"headers":{"X-B":"1","A":"2","x-b":"3"},"body":""}"#)

        XCTAssertEqual(record.headers.map(\.name), ["a", "x-b"])
        XCTAssertEqual(record.header("X-B"), "1, 3")
    }

    func test_responseRecord_ignoresUnknownKeys() throws {
        let record = try readResponse(#"{"extra":[1],"url":"u","status":201,"body":"b","elapsed":0.5}"#)

        XCTAssertEqual(record, ResponseRecord(url: "u", status: 201, body: Array("b".utf8)))
    }

    func test_responseRecord_throwsInvalidDataOnMalformedRecords() {
        let malformed = [
            #"{"status":200,"body":""}"#,
            #"{"url":null,"status":200,"body":""}"#,
            #"{"url":1,"status":200,"body":""}"#,
            #"{"url":"u","status":"200","body":""}"#,
            #"{"url":"u","status":200.5,"body":""}"#,
            #"{"url":"u","status":2e2,"body":""}"#,
            #"{"url":"u","status":99,"body":""}"#,
            #"{"url":"u","status":1000,"body":""}"#,
            #"{"url":"u","status":-200,"body":""}"#,
            #"{"url":"u","status":null,"body":""}"#,
            #"{"url":"u","status":200,"headers":[],"body":""}"#,
            #"{"url":"u","status":200,"headers":"a: b","body":""}"#,
            #"{"url":"u","status":200,"headers":{"a":1},"body":""}"#,
            #"{"url":"u","status":200,"headers":{"a":null},"body":""}"#,
            #"{"url":"u","status":200,"headers":{"a":["b"]},"body":""}"#,
            #"{"url":"u","status":200}"#,
            #"{"url":"u","status":200,"body":null}"#,
            #"{"url":"u","status":200,"body":null,"body_base64":null}"#,
            #"{"url":"u","status":200,"body":1}"#,
            #"{"url":"u","status":200,"body":["a"]}"#,
            #"{"url":"u","status":200,"body_base64":1}"#,
            #"{"url":"u","status":200,"body_base64":"not base64!"}"#,
            #"{"url":"u","status":200,"body":"","body_base64":""}"#,
            #"{"url":"u","status":200,"body":"a","body_base64":"YQ=="}"#,
            #"{"url":"u","status":200,"body":1,"body_base64":"YQ=="}"#,
        ]
        for text in malformed {
            XCTAssertThrowsError(try readResponse(text), text) { error in
                XCTAssertEqual((error as? ToolError)?.kind, .invalidData, "\(text): \(error)")
            }
        }
    }

    func test_responseRecord_readsABodyWithANullCounterpart() throws {
        XCTAssertEqual(try readResponse(#"{"url":"u","status":200,"body":"a","body_base64":null}"#).body, Array("a".utf8))
        XCTAssertEqual(try readResponse(#"{"url":"u","status":200,"body":null,"body_base64":"YQ=="}"#).body, Array("a".utf8))
    }
}
