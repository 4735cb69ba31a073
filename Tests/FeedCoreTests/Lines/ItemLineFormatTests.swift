import XCTest
import FeedCore

/// The reference of `--format jsonl|tsv`: a document's items one a line,
/// jsonl the compact items, tsv the fields of the item's schema in the
/// line's order; nothing for no items.
final class ItemLineFormatTests: XCTestCase {
    func test_feedLines_jsonlWritesEachItemCompact_oneALine() {
        let items = [image(description: "a\tb"), image(location: "L")]
        XCTAssertEqual(text(ItemLineFormat.jsonl.feedLines(items)),
                       "{\"id\":\"\(id1)\",\"description\":\"a\\tb\",\"url\":\"https://h/1\"}\n{\"id\":\"\(id1)\",\"location\":\"L\",\"url\":\"https://h/1\"}\n")
    }

    func test_feedLines_tsvWritesIdURLDescriptionLocation_anAbsentFieldEmpty() {
        let items = [image(description: "d\\e\r", location: "l\nm"), image(), image(location: "L")]
        XCTAssertEqual(text(ItemLineFormat.tsv.feedLines(items)), """
        \(id1)\thttps://h/1\td\\\\e\\r\tl\\nm
        \(id1)\thttps://h/1\t\t
        \(id1)\thttps://h/1\t\tL

        """)
    }

    func test_feedLines_tsvOfASpotWritesAnEmptyLocation_thenAuthorAndLikesAsWritten() {
        let spot = JSON.object(JSONObject([
            ("id", .string(id1)), ("author", .string("me\tyou")), ("description", .string("d")),
            ("likes", .number("12")), ("url", .string("https://h/1")),
        ]))
        XCTAssertEqual(text(ItemLineFormat.tsv.feedLines([spot])), "\(id1)\thttps://h/1\td\t\tme\\tyou\t12\n")
    }

    func test_lineFields_followTheSchemasTables() {
        XCTAssertEqual(FeedSchema.images.lineFields.map(\.name), ["id", "url", "description", "location"])
        XCTAssertEqual(FeedSchema.spots.lineFields.map(\.name), ["id", "url", "description", "location", "author", "likes"])
    }

    func test_commentLines_tsvWritesIdCreatedAtUsernameMessage_andJSONLTheDocumentsItems() {
        let comments = [ImageComment(id: id1, message: "hi\tthere\nyou\\", createdAt: 1_600_000_000, username: "a\rb")]
        XCTAssertEqual(text(ItemLineFormat.tsv.commentLines(comments)), "\(id1)\t2020-09-13T12:26:40Z\ta\\rb\thi\\tthere\\nyou\\\\\n")
        let document = ImageCommentsMapper.document(comments)
        XCTAssertEqual(ItemLineFormat.jsonl.commentLines(comments), document["items"]?.arrayValue?.flatMap { JSONWriter().line($0) })
    }

    func test_linesOfNoItems_areNothing() {
        for format in ItemLineFormat.allCases {
            XCTAssertEqual(format.feedLines([]), [])
            XCTAssertEqual(format.commentLines([]), [])
        }
    }

    private let id1 = "73A7F70C-75DA-4C2E-B5A3-EED40DC53AA6"

    private func image(description: String? = nil, location: String? = nil) -> JSON {
        var members: [(String, JSON)] = [("id", .string(id1))]
        if let description { members.append(("description", .string(description))) }
        if let location { members.append(("location", .string(location))) }
        members.append(("url", .string("https://h/1")))
        return .object(JSONObject(members))
    }

    private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }
}
