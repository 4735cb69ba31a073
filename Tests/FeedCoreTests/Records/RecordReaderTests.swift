import XCTest
import FeedCore

/// `RecordReader`: a stream of records, malformed ones among them.
final class RecordReaderTests: XCTestCase, RecordTesting {

    func test_recordReader_readsAStreamOfRecordsInOrder() {
        var reader = RecordReader(Array("""
        {"url":"a","status":200,"body":"x"}
        {"error":{"kind":"connectivity","message":"m"},"url":"b"}
        {"items":[]}

        """.utf8))

        XCTAssertEqual(try reader.next()?.get(), .response(ResponseRecord(url: "a", status: 200, body: Array("x".utf8))))
        XCTAssertEqual(try reader.next()?.get(), .error(ErrorRecord(url: "b", ToolError(.connectivity, "m"))))
        XCTAssertEqual(try reader.next()?.get(), .document(JSONObject([("items", .array([]))])))
        XCTAssertNil(reader.next())
    }

    func test_recordReader_deliversAMalformedRecordAsInvalidDataAndGoesOn() {
        var reader = RecordReader(Array("{\"url\":\"a\"}\n{\"items\":[]}\n".utf8))

        XCTAssertEqual(kind(of: reader.next()), .invalidData)
        XCTAssertEqual(try reader.next()?.get(), .document(JSONObject([("items", .array([]))])))
        XCTAssertNil(reader.next())
    }

    func test_recordReader_endsTheStreamAtMalformedJSON() {
        var reader = RecordReader(Array("{\"items\":[]}\n{\"items\":[\n{\"items\":[]}\n".utf8))

        XCTAssertEqual(try reader.next()?.get(), .document(JSONObject([("items", .array([]))])))
        XCTAssertEqual(kind(of: reader.next()), .invalidData)
        XCTAssertNil(reader.next())
        XCTAssertNil(reader.next())
    }

    func test_recordReader_endsAtOnceOnWhitespaceOnlyInput() {
        var empty = RecordReader(Array(" \n\t\r\n".utf8))
        var nothing = RecordReader([])

        XCTAssertNil(empty.next())
        XCTAssertNil(nothing.next())
    }
}
