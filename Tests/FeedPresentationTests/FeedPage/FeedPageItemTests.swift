import XCTest
import FeedTestSupport
import FeedCore
import FeedPresentation

/// What the page shows of an item, from either schema's feed document.
final class FeedPageItemTests: XCTestCase {
    func test_init_readsTheImageSchemasFields() {
        let image = FeedImage(id: UUID().uuidString, description: "a description", location: "a location", url: "https://h/i")

        XCTAssertEqual(FeedPageItem(image.json),
                       FeedPageItem(url: "https://h/i", description: "a description", location: "a location"))
        XCTAssertEqual(FeedPageItem(FeedImage(id: UUID().uuidString, url: "https://h/j").json), FeedPageItem(url: "https://h/j"))
    }

    func test_init_readsTheSpotsSchemasFields() {
        let spot = FeedSpot(id: UUID().uuidString, author: "an author", description: "d", likes: 12, url: "https://h/s")

        XCTAssertEqual(FeedPageItem(spot.json), FeedPageItem(url: "https://h/s", description: "d", author: "an author", likes: "12"))
    }

    func test_init_isNilForAnItemWithoutAURLString() {
        XCTAssertNil(FeedPageItem(.object(JSONObject([("id", .string(UUID().uuidString))]))))
        XCTAssertNil(FeedPageItem(.object(JSONObject([("url", .number("1"))]))))
        XCTAssertNil(FeedPageItem(.string("https://h/i")))
    }
}
