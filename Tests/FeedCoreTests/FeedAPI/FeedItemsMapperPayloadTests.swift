import XCTest
import FeedTestSupport
import FeedCore

/// `FeedItemsMapper` on a bare payload document, without the response around it.
final class FeedItemsMapperPayloadTests: XCTestCase, FeedItemsMapperTesting {

    func test_mapPayload_deliversItemsOfABarePayloadDocument() throws {
        let payload = JSONObject([("items", .array([
            item(id: "73a7f70c-75da-4c2e-b5a3-eed40dc53aa6", description: .string("d"), image: "https://a.com"),
        ]))])

        let result = try FeedItemsMapper.map(payload: payload)

        XCTAssertEqual(result.items, [FeedImage(id: "73A7F70C-75DA-4C2E-B5A3-EED40DC53AA6", description: "d", url: "https://a.com").json])
    }

    func test_mapPayload_deliversNoItemsForAnEmptyList() throws {
        XCTAssertEqual(try FeedItemsMapper.map(payload: JSONObject([("items", .array([]))])).items, [])
    }

    func test_mapPayload_throwsInvalidDataOnMissingOrNonArrayItemsOrInvalidItem() {
        let payloads = [
            JSONObject(),
            JSONObject([("items", .null)]),
            JSONObject([("items", .object(JSONObject()))]),
            JSONObject([("items", .array([item(id: anyID, image: "relative")]))]),
            JSONObject([("items", .array([.string("x")]))]),
        ]
        for payload in payloads {
            assertInvalidData(try FeedItemsMapper.map(payload: payload), "payload \(payload)")
        }
    }

    func test_mapPayload_mapsTheSpotsSchema() throws {
        let result = try FeedItemsMapper.map(payload: JSONObject([("items", .array([spot(likes: .number("7"))]))]), schema: .spots)

        XCTAssertEqual(result.items, [FeedSpot(id: anyID, author: "an author", description: "a spot", likes: 7, url: "https://spot.com").json])
        assertInvalidData(try FeedItemsMapper.map(payload: JSONObject([("items", .array([spot(likes: .string("7"))]))]), schema: .spots))
    }

    func test_mapPayload_givesTheSameFeedAsA200Response() throws {
        let items = testAccountImages.map { image in
            item(id: image.id.lowercased(), description: image.description.map(JSON.string), location: image.location.map(JSON.string), image: image.url)
        }

        let fromPayload = try FeedItemsMapper.map(payload: JSONObject([("items", .array(items))]))
        let fromResponse = try FeedItemsMapper.map(status: 200, body: payload(items))

        XCTAssertEqual(fromPayload, fromResponse)
        XCTAssertEqual(fromPayload.items, testAccountImages.map(\.json))
    }
}
