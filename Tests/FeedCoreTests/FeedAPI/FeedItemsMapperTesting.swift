import XCTest
import FeedTestSupport
import FeedCore

/// What the `FeedItemsMapper*Tests` share: payloads, items and spots to map,
/// and the check of an invalid-data error.
protocol FeedItemsMapperTesting: XCTestCase {}

extension FeedItemsMapperTesting {

    var anyID: String { "2AB2AE66-A4B7-4A16-B374-51BBAC8DB086" }

    var testAccountImages: [FeedImage] {
        [
            FeedImage(id: "73A7F70C-75DA-4C2E-B5A3-EED40DC53AA6", description: "Description 1", location: "Location 1", url: "https://url-1.com"),
            FeedImage(id: "BA298A85-6275-48D3-8315-9C8F7C1CD109", description: nil, location: "Location 2", url: "https://url-2.com"),
            FeedImage(id: "5A0D45B3-8E26-4385-8C5D-213E160A5E3C", description: "Description 3", location: nil, url: "https://url-3.com"),
            FeedImage(id: "FF0ECFE2-2879-403F-8DBE-A83B4010B340", description: nil, location: nil, url: "https://url-4.com"),
            FeedImage(id: "DC97EF5E-2CC9-4905-A8AD-3C351C311001", description: "Description 5", location: "Location 5", url: "https://url-5.com"),
            FeedImage(id: "557D87F1-25D3-4D77-82E9-364B2ED9CB30", description: "Description 6", location: "Location 6", url: "https://url-6.com"),
            FeedImage(id: "A83284EF-C2DF-415D-AB73-2A9B8B04950B", description: "Description 7", location: "Location 7", url: "https://url-7.com"),
            FeedImage(id: "F79BD7F8-063F-46E2-8147-A67635C3BB01", description: "Description 8", location: "Location 8", url: "https://url-8.com"),
        ]
    }

    func uuid(_ n: Int) -> String {
        let hex = String(n, radix: 16, uppercase: true)
        return "00000000-0000-0000-0000-" + String(repeating: "0", count: 12 - hex.count) + hex
    }

    func object(_ members: [(key: String, value: JSON)]) -> JSON {
        .object(JSONObject(members))
    }

    func item(id: String, description: JSON? = nil, location: JSON? = nil, image: String) -> JSON {
        var members: [(key: String, value: JSON)] = [("id", .string(id))]
        if let description { members.append(("description", description)) }
        if let location { members.append(("location", location)) }
        members.append(("image", .string(image)))
        return object(members)
    }

    func spot(likes: JSON) -> JSON {
        object([
            ("id", .string(anyID)),
            ("author", .string("an author")),
            ("description", .string("a spot")),
            ("likes", likes),
            ("image", .string("https://spot.com")),
        ])
    }

    func payload(_ items: [JSON]) -> [UInt8] {
        JSONWriter().line(.object(JSONObject([("items", .array(items))])))
    }

    func written(_ document: FeedDocument) -> String {
        String(decoding: JSONWriter().line(document.json), as: UTF8.self)
    }

    func assertInvalidData<T>(_ expression: @autoclosure () throws -> T, _ message: String = "",
                              file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try expression(), message, file: file, line: line) { error in
            XCTAssertEqual((error as? ToolError)?.kind, .invalidData, "\(message): \(error)", file: file, line: line)
        }
    }
}
