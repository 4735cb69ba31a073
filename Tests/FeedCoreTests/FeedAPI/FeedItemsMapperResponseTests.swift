import XCTest
import FeedTestSupport
import FeedCore

/// `FeedItemsMapper` on a response: its status, and the shape of its body.
final class FeedItemsMapperResponseTests: XCTestCase, FeedItemsMapperTesting {

    // MARK: - Status

    func test_map_throwsInvalidDataOnNon200HTTPResponse() {
        let body = payload([])

        for status in [199, 201, 300, 400, 500] {
            assertInvalidData(try FeedItemsMapper.map(status: status, body: body), "status \(status)")
        }
    }

    func test_map_namesTheRejectedStatusInTheErrorMessage() {
        XCTAssertThrowsError(try FeedItemsMapper.map(status: 404, body: payload([]))) { error in
            XCTAssertEqual((error as? ToolError)?.message.contains("404"), true, "message: \(error)")
        }
    }

    func test_map_throwsInvalidDataOnNon200HTTPResponseEvenWithValidItems() {
        let body = payload([item(id: anyID, image: "https://a-url.com")])

        for status in [199, 201, 204, 299, 304, 400, 500] {
            assertInvalidData(try FeedItemsMapper.map(status: status, body: body), "status \(status)")
        }
    }

    func test_map_throwsInvalidDataOnNon200HTTPResponseForTheSpotsSchema() {
        assertInvalidData(try FeedItemsMapper.map(status: 201, body: payload([]), schema: .spots))
    }

    // MARK: - Body shape

    func test_map_throwsInvalidDataOn200HTTPResponseWithInvalidJSON() {
        for body in ["invalid json", "", "   ", "{", "{\"items\":[]", "{\"items\":[],}", "{'items':[]}", "{\"items\":[]} trailing"] {
            assertInvalidData(try FeedItemsMapper.map(status: 200, body: Array(body.utf8)), "body \(body)")
        }
    }

    func test_map_throwsInvalidDataOn200HTTPResponseWithInvalidUTF8Body() {
        let body: [UInt8] = Array("{\"items\":[{\"id\":\"".utf8) + [0xFF, 0xFE] + Array("\"}]}".utf8)

        assertInvalidData(try FeedItemsMapper.map(status: 200, body: body))
    }

    func test_map_throwsInvalidDataOn200HTTPResponseWithJSONThatIsNotAnObject() {
        for body in ["[]", "[{\"items\":[]}]", "\"items\"", "42", "null", "true"] {
            assertInvalidData(try FeedItemsMapper.map(status: 200, body: Array(body.utf8)), "body \(body)")
        }
    }

    func test_map_throwsInvalidDataOn200HTTPResponseWithoutItems() {
        for body in ["{}", "{\"Items\":[]}", "{\"item\":[]}", "{\"data\":{\"items\":[]}}"] {
            assertInvalidData(try FeedItemsMapper.map(status: 200, body: Array(body.utf8)), "body \(body)")
        }
    }

    func test_map_throwsInvalidDataOn200HTTPResponseWithItemsThatAreNotAnArray() {
        for items in ["null", "{}", "\"[]\"", "0", "false", "{\"0\":{}}"] {
            let body = "{\"items\":\(items)}"
            assertInvalidData(try FeedItemsMapper.map(status: 200, body: Array(body.utf8)), "body \(body)")
        }
    }

    func test_map_throwsInvalidDataOn200HTTPResponseWithItemsThatAreNotObjects() {
        for element in ["null", "1", "\"item\"", "[]", "true"] {
            let body = "{\"items\":[\(element)]}"
            assertInvalidData(try FeedItemsMapper.map(status: 200, body: Array(body.utf8)), "body \(body)")
        }
    }

    func test_map_deliversNoItemsOn200HTTPResponseWithEmptyJSONList() throws {
        let result = try FeedItemsMapper.map(status: 200, body: Array("{\"items\":[]}".utf8))

        XCTAssertEqual(result, FeedDocument(items: []))
        XCTAssertEqual(written(result), "{\"items\":[]}\n")
    }

    func test_map_deliversNoItemsOn200HTTPResponseWithEmptyJSONListSurroundedByWhitespace() throws {
        let result = try FeedItemsMapper.map(status: 200, body: Array(" \n\t{ \"items\" : [ ] }\r\n".utf8))

        XCTAssertEqual(result.items, [])
    }
}
