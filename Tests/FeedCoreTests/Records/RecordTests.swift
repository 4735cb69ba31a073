import XCTest
import FeedCore

final class RecordTests: XCTestCase {

    // MARK: - Writing response records

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

    // MARK: - Reading response records

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

    // MARK: - Error records

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

    // MARK: - Record.classify

    func test_classify_sortsResponsesErrorsAndDocuments() throws {
        XCTAssertEqual(try Record.classify(parse(#"{"url":"u","status":200,"body":""}"#)),
                       .response(ResponseRecord(url: "u", status: 200)))
        XCTAssertEqual(try Record.classify(parse(#"{"url":"u","error":{"kind":"connectivity","message":"m"}}"#)),
                       .error(ErrorRecord(url: "u", ToolError(.connectivity, "m"))))
        XCTAssertEqual(try Record.classify(parse(#"{"items":[]}"#)), .document(JSONObject([("items", .array([]))])))
    }

    func test_classify_takesErrorBeforeStatusBeforeItems() throws {
        let errorAndStatus = try Record.classify(parse(#"{"url":"u","status":200,"body":"","error":{"kind":"saving"},"items":[]}"#))
        let statusAndItems = try Record.classify(parse(#"{"items":[],"url":"u","status":200,"body":""}"#))

        XCTAssertEqual(errorAndStatus, .error(ErrorRecord(url: "u", ToolError(.saving, "saving"))))
        XCTAssertEqual(statusAndItems, .response(ResponseRecord(url: "u", status: 200)))
    }

    func test_classify_keepsADocumentWhoseItemsAreNotAnArrayForTheMapperToReject() throws {
        // "items" is the shape's key; the mapper judges what it holds.
        XCTAssertEqual(try Record.classify(parse(#"{"items":null}"#)), .document(JSONObject([("items", .null)])))
    }

    func test_classify_throwsInvalidDataOnOtherValues() {
        for text in ["[]", "1", "\"items\"", "null", "true", "{}", #"{"url":"u"}"#, #"{"Items":[]}"#, #"{"url":"u","status":"200","body":""}"#,
                     #"{"error":{"kind":"nope"}}"#] {
            XCTAssertThrowsError(try Record.classify(parse(text)), text) { error in
                XCTAssertEqual((error as? ToolError)?.kind, .invalidData, "\(text): \(error)")
            }
        }
    }

    // MARK: - RecordReader

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

    // MARK: - Helpers

    private func line(_ value: JSON) -> String {
        String(decoding: JSONWriter().line(value), as: UTF8.self)
    }

    private func parse(_ text: String) throws -> JSON {
        try JSONReader.parseSingle(Array(text.utf8))
    }

    private func object(_ text: String) throws -> JSONObject {
        try XCTUnwrap(parse(text).objectValue)
    }

    private func readResponse(_ text: String) throws -> ResponseRecord {
        try ResponseRecord(json: object(text))
    }

    private func kind(of result: Result<Record, ToolError>?) -> ErrorKind? {
        guard case .failure(let error)? = result else { return nil }
        return error.kind
    }
}
