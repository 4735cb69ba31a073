import XCTest
import FeedCore
import FeedTestSupport

/// What people are shown of an item, read from a parsed item: the shown
/// fields of either schema, each only where its value is of its kind, the
/// last of a repeated key; and lent as bytes unchanged.
final class FeedItemTextsTests: XCTestCase {
    func test_init_readsEachShownField_ofItsKind() {
        let item = JSON.object(JSONObject([
            ("id", .string("x")), ("url", .string("https://h/1")), ("description", .string("d")),
            ("location", .string("l")), ("author", .string("a")), ("likes", .number("12")),
        ]))
        XCTAssertEqual(FeedItemTexts(item), FeedItemTexts(id: "x", url: "https://h/1", description: "d", location: "l", author: "a", likes: "12"))
    }

    func test_init_skipsValuesOfAnotherKind_andNonObjects() {
        let item = JSON.object(JSONObject([
            ("id", .number("7")), ("url", .number("1")), ("description", .null), ("location", .array([])), ("author", .bool(true)), ("likes", .string("12")),
        ]))
        XCTAssertEqual(FeedItemTexts(item), FeedItemTexts())
        XCTAssertEqual(FeedItemTexts(.string("https://h/1")), FeedItemTexts())
    }

    func test_withBytes_lendsEachTextAsItsUTF8_andNoneForAnAbsentOne() {
        let texts = FeedItemTexts(url: "https://h/1", description: "caf\u{E9} \u{1F600}", location: "", likes: "3")
        let lent = texts.withBytes { bytes in
            (bytes.texts, bytes.author == nil, bytes.location.map(\.count), bytes.description.map(Array.init))
        }
        XCTAssertEqual(lent.0, texts)
        XCTAssertTrue(lent.1)
        XCTAssertEqual(lent.2, 0)
        XCTAssertEqual(lent.3, Array("caf\u{E9} \u{1F600}".utf8))
    }
}
