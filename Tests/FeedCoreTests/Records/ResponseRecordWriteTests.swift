import XCTest
import FeedCore

/// Writing response records: key order, bodies as text or base64, headers.
final class ResponseRecordWriteTests: XCTestCase, RecordTesting {

    func test_responseRecord_writesKeysInOrderURLStatusHeadersBody() {
        let record = ResponseRecord(url: "https://h/v1/feed", status: 200,
                                    headers: [("Content-Type", "application/json")], body: Array("{\"items\":[]}".utf8))

        XCTAssertEqual(line(record.json),
                       #"{"url":"https://h/v1/feed","status":200,"headers":{"content-type":"application/json"},"body":"{\"items\":[]}"}"# + "\n")
    }

    func test_responseRecord_writesAnEmptyBodyAsAnEmptyStringAndNoHeadersAsAnEmptyObject() {
        let record = ResponseRecord(url: "https://h/a", status: 204)

        XCTAssertEqual(line(record.json), #"{"url":"https://h/a","status":204,"headers":{},"body":""}"# + "\n")
    }

    func test_responseRecord_writesAValidUTF8BodyAsText() {
        let record = ResponseRecord(url: "https://h/a", status: 200, body: Array("é\n😀\u{0}/".utf8))

        XCTAssertEqual(line(record.json), #"{"url":"https://h/a","status":200,"headers":{},"body":"é\n😀\u0000/"}"# + "\n")
        XCTAssertNil(record.json["body_base64"])
    }

    func test_responseRecord_writesAnInvalidUTF8BodyAsBase64Only() {
        let record = ResponseRecord(url: "https://h/image.jpg", status: 200, body: [0xFF, 0xD8, 0xFF, 0xE0])

        XCTAssertEqual(line(record.json), #"{"url":"https://h/image.jpg","status":200,"headers":{},"body_base64":"/9j/4A=="}"# + "\n")
        XCTAssertNil(record.json["body"])
    }

    func test_responseRecord_writesATruncatedUTF8SequenceAsBase64() {
        let record = ResponseRecord(url: "https://h/a", status: 200, body: Array("abc".utf8) + [0xC3])

        XCTAssertEqual(record.json["body_base64"], .string("YWJjww=="))
        XCTAssertNil(record.json["body"])
    }

    func test_responseRecord_lowerCasesJoinsAndSortsHeaderNames() {
        let record = ResponseRecord(url: "https://h/a", status: 200, headers: [
            ("X-Trace", "1"),
            ("Content-Type", "text/plain"),
            ("Set-Cookie", "a=1"),
            ("set-cookie", "b=2"),
            ("SET-COOKIE", "c=3"),
            ("Accept-Ranges", "bytes"),
        ])

        XCTAssertEqual(record.headers.map(\.name), ["accept-ranges", "content-type", "set-cookie", "x-trace"])
        XCTAssertEqual(record.headers.map(\.value), ["bytes", "text/plain", "a=1, b=2, c=3", "1"])
        XCTAssertEqual(line(record.json["headers"] ?? .null),
                       #"{"accept-ranges":"bytes","content-type":"text/plain","set-cookie":"a=1, b=2, c=3","x-trace":"1"}"# + "\n")
    }

    func test_responseRecord_findsAHeaderByNameInAnyCase() {
        let record = ResponseRecord(url: "https://h/a", status: 200, headers: [("ETag", "\"x\""), ("etag", "\"y\"")])

        XCTAssertEqual(record.header("ETAG"), "\"x\", \"y\"")
        XCTAssertEqual(record.header("etag"), "\"x\", \"y\"")
        XCTAssertNil(record.header("content-type"))
    }

    func test_normalized_isStableForAlreadyNormalizedHeaders() {
        let headers = ResponseRecord.normalized([("B", "2"), ("a", "1"), ("b", "3")])

        XCTAssertEqual(headers.map(\.name), ["a", "b"])
        XCTAssertEqual(headers.map(\.value), ["1", "2, 3"])
        XCTAssertEqual(ResponseRecord.normalized(headers).map(\.value), ["1", "2, 3"])
    }
}
