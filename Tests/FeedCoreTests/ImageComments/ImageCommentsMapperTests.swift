import XCTest
import FeedCore

final class ImageCommentsMapperTests: XCTestCase {

    // MARK: - Status

    func test_map_throwsInvalidDataOnNon2xxHTTPResponse() {
        let body = payload([comment1.json])

        for status in [199, 150, 300, 400, 500] {
            assertInvalidData(try ImageCommentsMapper.map(status: status, body: body), "status \(status)")
        }
    }

    func test_map_throwsInvalidDataOnNon2xxHTTPResponseWithEmptyList() {
        for status in [100, 199, 300, 304, 404, 503] {
            assertInvalidData(try ImageCommentsMapper.map(status: status, body: payload([])), "status \(status)")
        }
    }

    func test_map_throwsInvalidDataOn2xxHTTPResponseWithInvalidJSON() {
        for status in [200, 201, 250, 280, 299] {
            for body in ["invalid json", "", "{\"items\":[}", "{\"items\":[]} {}"] {
                assertInvalidData(try ImageCommentsMapper.map(status: status, body: Array(body.utf8)), "status \(status), body \(body)")
            }
        }
    }

    func test_map_throwsInvalidDataOn2xxHTTPResponseWithoutAnItemsArray() {
        for body in ["[]", "{}", "{\"items\":null}", "{\"items\":{}}", "{\"comments\":[]}", "\"items\""] {
            assertInvalidData(try ImageCommentsMapper.map(status: 200, body: Array(body.utf8)), "body \(body)")
        }
    }

    func test_map_deliversNoItemsOn2xxHTTPResponseWithEmptyJSONList() throws {
        for status in [200, 201, 250, 280, 299] {
            XCTAssertEqual(try ImageCommentsMapper.map(status: status, body: Array("{\"items\":[]}".utf8)), [], "status \(status)")
        }
    }

    func test_map_deliversItemsOn2xxHTTPResponseWithJSONItems() throws {
        let body = Array("""
        {
            "items": [
                {
                    "id": "\(comment1.id)",
                    "message": "a message",
                    "created_at": "2020-05-20T11:24:59+0000",
                    "author": {
                        "username": "a username"
                    }
                },
                {
                    "id": "\(comment2.id.lowercased())",
                    "message": "another message",
                    "created_at": "2020-05-19T14:23:53+0000",
                    "author": {
                        "username": "another username"
                    }
                }
            ]
        }
        """.utf8)

        var lowerCase = comment2
        lowerCase.id = comment2.id.lowercased()
        for status in [200, 201, 250, 280, 299] {
            XCTAssertEqual(try ImageCommentsMapper.map(status: status, body: body), [comment1, lowerCase], "status \(status), ids as written")
        }
    }

    // MARK: - created_at

    func test_map_readsCreatedAtWithAnyOffsetAndFractionalSecondsAsUTCToTheSecond() throws {
        let cases: [(text: String, utc: String)] = [
            ("2020-05-20T11:24:59Z", "2020-05-20T11:24:59Z"),
            ("2020-05-20T11:24:59+00:00", "2020-05-20T11:24:59Z"),
            ("2020-05-20T11:24:59+0000", "2020-05-20T11:24:59Z"),
            ("2020-05-20T11:24:59-05:30", "2020-05-20T16:54:59Z"),
            ("2020-05-20T11:24:59-0530", "2020-05-20T16:54:59Z"),
            ("2020-05-20T11:24:59+02:00", "2020-05-20T09:24:59Z"),
            ("2020-05-20T11:24:59.123Z", "2020-05-20T11:24:59Z"),
            ("2020-05-20T11:24:59.999999+00:00", "2020-05-20T11:24:59Z"),
            ("2020-05-20T11:24:59.5-05:30", "2020-05-20T16:54:59Z"),
            ("2020-01-01T05:00:00+14:00", "2019-12-31T15:00:00Z"),
        ]
        for (text, utc) in cases {
            let comments = try ImageCommentsMapper.map(status: 200, body: payload([rawComment(createdAt: .string(text))]))

            XCTAssertEqual(comments.map(\.json).first?["created_at"], .string(utc), "created_at \(text)")
        }
    }

    func test_map_deliversCreatedAtAsSecondsSinceTheEpoch() throws {
        let comments = try ImageCommentsMapper.map(status: 200, body: payload([rawComment(createdAt: .string("2020-05-20T11:24:59-05:30"))]))

        XCTAssertEqual(comments.first?.createdAt, 1589993699)
    }

    func test_map_throwsInvalidDataOnInvalidCreatedAt() {
        let invalid = [
            "2020-13-20T11:24:59Z",
            "2020-00-20T11:24:59Z",
            "2021-02-29T11:24:59Z",
            "2020-02-30T11:24:59Z",
            "2020-04-31T11:24:59Z",
            "2020-05-20T24:00:00Z",
            "2020-05-20T11:60:59Z",
            "2020-05-20T11:24:59",
            "2020-05-20T11:24:59.123",
            "2020-05-20",
            "2020-05-20 11:24:59Z",
            "20-05-20T11:24:59Z",
            "2020-05-20T11:24Z",
            "2020-05-20T11:24:59+5:30",
            "2020-05-20T11:24:59+25:00",
            "2020-05-20T11:24:59Z ",
            "yesterday",
            "",
        ]
        for text in invalid {
            assertInvalidData(try ImageCommentsMapper.map(status: 200, body: payload([rawComment(createdAt: .string(text))])), "created_at '\(text)'")
        }
    }

    func test_map_throwsInvalidDataOnCreatedAtThatIsMissingNullOrNotAString() {
        for createdAt in [nil, JSON.null, .number("1589973899"), .object(JSONObject())] {
            assertInvalidData(try ImageCommentsMapper.map(status: 200, body: payload([rawComment(createdAt: createdAt)])),
                              "created_at \(String(describing: createdAt))")
        }
    }

    // MARK: - Other fields

    func test_map_throwsInvalidDataOnMissingOrInvalidAuthor() {
        let authors: [JSON?] = [
            nil,
            .null,
            .string("a username"),
            .object(JSONObject()),
            .object(JSONObject([("name", .string("a username"))])),
            .object(JSONObject([("username", .null)])),
            .object(JSONObject([("username", .number("1"))])),
        ]
        for author in authors {
            assertInvalidData(try ImageCommentsMapper.map(status: 200, body: payload([rawComment(author: author)])),
                              "author \(String(describing: author))")
        }
    }

    func test_map_throwsInvalidDataOnMissingOrInvalidIDOrMessage() {
        for id in [nil, JSON.null, .string("not a uuid"), .number("1")] {
            assertInvalidData(try ImageCommentsMapper.map(status: 200, body: payload([rawComment(id: id)])), "id \(String(describing: id))")
        }
        for message in [nil, JSON.null, .number("1"), .array([])] {
            assertInvalidData(try ImageCommentsMapper.map(status: 200, body: payload([rawComment(message: message)])),
                              "message \(String(describing: message))")
        }
    }

    func test_map_throwsInvalidDataWhenOneCommentOfManyIsInvalid() {
        let items = [rawComment(), rawComment(), rawComment(createdAt: .string("2020-02-30T00:00:00Z")), rawComment()]

        assertInvalidData(try ImageCommentsMapper.map(status: 200, body: payload(items)))
    }

    func test_map_ignoresUnknownKeys() throws {
        let raw = JSON.object(JSONObject([
            ("id", .string(comment1.id)),
            ("likes", .number("3")),
            ("message", .string("a message")),
            ("created_at", .string("2020-05-20T11:24:59Z")),
            ("author", .object(JSONObject([("username", .string("a username")), ("avatar", .string("https://a.com"))]))),
            ("image_id", .null),
        ]))

        XCTAssertEqual(try ImageCommentsMapper.map(status: 200, body: payload([raw])), [comment1])
    }

    func test_map_acceptsAnEmptyMessageAndUsername() throws {
        let raw = rawComment(message: .string(""), author: .object(JSONObject([("username", .string(""))])))

        let comments = try ImageCommentsMapper.map(status: 200, body: payload([raw]))

        XCTAssertEqual(comments.map(\.message), [""])
        XCTAssertEqual(comments.map(\.username), [""])
    }

    // MARK: - Output

    func test_document_writesKeysInOrderIdMessageCreatedAtAuthorUsername() throws {
        let raw = JSON.object(JSONObject([
            ("author", .object(JSONObject([("username", .string("a username"))]))),
            ("created_at", .string("2020-05-20T11:24:59.250+00:00")),
            ("message", .string("a message with a / slash")),
            ("id", .string("2ab2ae66-a4b7-4a16-b374-51bbac8db086")),
        ]))

        let comments = try ImageCommentsMapper.map(status: 200, body: payload([raw]))

        XCTAssertEqual(String(decoding: JSONWriter().line(ImageCommentsMapper.document(comments)), as: UTF8.self),
                       #"{"items":[{"id":"2ab2ae66-a4b7-4a16-b374-51bbac8db086","message":"a message with a / slash","created_at":"2020-05-20T11:24:59Z","author":{"username":"a username"}}]}"# + "\n")
    }

    func test_document_writesAnEmptyItemsArrayForNoComments() {
        XCTAssertEqual(String(decoding: JSONWriter().line(ImageCommentsMapper.document([])), as: UTF8.self), "{\"items\":[]}\n")
    }

    // MARK: - Bare payload

    func test_mapPayload_deliversCommentsOfABarePayloadDocument() throws {
        let payload = JSONObject([("items", .array([comment1.json, rawComment(id: .string(comment2.id), message: .string("another message"),
                                                                                 createdAt: .string("2020-05-19T14:23:53Z"),
                                                                                 author: .object(JSONObject([("username", .string("another username"))])))]))])

        XCTAssertEqual(try ImageCommentsMapper.map(payload: payload), [comment1, comment2])
    }

    func test_mapPayload_throwsInvalidDataOnMissingItemsOrInvalidComment() {
        assertInvalidData(try ImageCommentsMapper.map(payload: JSONObject()))
        assertInvalidData(try ImageCommentsMapper.map(payload: JSONObject([("items", .array([rawComment(author: nil)]))])))
    }

    // MARK: - Helpers

    private let comment1 = ImageComment(id: "73A7F70C-75DA-4C2E-B5A3-EED40DC53AA6", message: "a message",
                                        createdAt: 1589973899, username: "a username")
    private let comment2 = ImageComment(id: "BA298A85-6275-48D3-8315-9C8F7C1CD109", message: "another message",
                                        createdAt: 1589898233, username: "another username")

    private func rawComment(
        id: JSON? = .string("73A7F70C-75DA-4C2E-B5A3-EED40DC53AA6"),
        message: JSON? = .string("a message"),
        createdAt: JSON? = .string("2020-05-20T11:24:59+0000"),
        author: JSON? = .object(JSONObject([("username", .string("a username"))]))
    ) -> JSON {
        var members: [(key: String, value: JSON)] = []
        if let id { members.append(("id", id)) }
        if let message { members.append(("message", message)) }
        if let createdAt { members.append(("created_at", createdAt)) }
        if let author { members.append(("author", author)) }
        return .object(JSONObject(members))
    }

    private func payload(_ items: [JSON]) -> [UInt8] {
        JSONWriter().line(.object(JSONObject([("items", .array(items))])))
    }

    private func assertInvalidData<T>(_ expression: @autoclosure () throws -> T, _ message: String = "",
                                      file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try expression(), message, file: file, line: line) { error in
            XCTAssertEqual((error as? ToolError)?.kind, .invalidData, "\(message): \(error)", file: file, line: line)
        }
    }
}
