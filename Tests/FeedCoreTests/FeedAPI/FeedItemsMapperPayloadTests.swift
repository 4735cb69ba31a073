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

        XCTAssertEqual(result.items, [FeedImage(id: "73a7f70c-75da-4c2e-b5a3-eed40dc53aa6", description: "d", url: "https://a.com").json])
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
        XCTAssertEqual(fromPayload.items, testAccountImages.map { image in
            var image = image
            image.id = image.id.lowercased()
            return image.json
        }, "the ids as the payload spells them")
    }

    func test_map_writesEachIdAsThePayloadSpellsIt() throws {
        let ids = ["2ab2ae66-a4b7-4a16-b374-51bbac8db086", "73A7F70C-75DA-4C2E-B5A3-EED40DC53AA6", "Ba298a85-6275-48D3-8315-9c8f7c1cd109"]
        let items = ids.map { item(id: $0, description: nil, location: nil, image: "https://h/\($0)") }

        let result = try FeedItemsMapper.map(payload: JSONObject([("items", .array(items))]))

        XCTAssertEqual(result.items.compactMap { $0["id"]?.stringValue }, ids)
    }

    func test_mapResponse_resolvesRelativeImageURLsAgainstTheRecordsURL() throws {
        let images = ["/img/1.png", "img/2.png", "../x.png", "?q", "#f", "//cdn.example/p", "https://other.example/abs/../kept"]
        let items = images.enumerated().map { offset, image in
            item(id: "2ab2ae66-a4b7-4a16-b374-51bbac8db08\(offset)", description: nil, location: nil, image: image)
        }
        let response = ResponseRecord(url: "https://api.example/v1/feed?limit=3#top", status: 200, body: payload(items))

        let result = try FeedItemsMapper.map(response)

        XCTAssertEqual(result.items.compactMap { $0["url"]?.stringValue }, [
            "https://api.example/img/1.png", "https://api.example/v1/img/2.png", "https://api.example/x.png",
            "https://api.example/v1/feed?q", "https://api.example/v1/feed?limit=3#f", "https://cdn.example/p",
            "https://other.example/abs/../kept",
        ])
    }

    func test_mapPayload_refusesARelativeImageURL_withNoURLToResolveItAgainst() {
        for image in ["/img/1.png", "img/2.png", ""] {
            let items: [JSON] = [item(id: "2ab2ae66-a4b7-4a16-b374-51bbac8db086", description: nil, location: nil, image: image)]
            assertInvalidData(try FeedItemsMapper.map(payload: JSONObject([("items", .array(items))])), image)
            assertInvalidData(try FeedItemsMapper.map(status: 200, body: payload(items)), image)
        }
    }

    func test_mapResponse_refusesAnEmptyImageAndOneThatResolvesToNoAbsoluteURL() {
        for image in ["", "mailto:a@b", "g:h", "https://h/a b"] {
            let items: [JSON] = [item(id: "2ab2ae66-a4b7-4a16-b374-51bbac8db086", description: nil, location: nil, image: image)]
            let response = ResponseRecord(url: "https://api.example/v1/feed", status: 200, body: payload(items))
            assertInvalidData(try FeedItemsMapper.map(response), image)
        }
    }
}
