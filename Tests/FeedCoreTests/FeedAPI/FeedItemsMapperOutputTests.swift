import XCTest
import FeedTestSupport
import FeedCore

/// What `FeedItemsMapper` writes: key order, escapes, indents, and the fixed test account's feed.
final class FeedItemsMapperOutputTests: XCTestCase, FeedItemsMapperTesting {

    // MARK: - Output bytes

    func test_map_writesItemKeysInOrderIdDescriptionLocationURLWithoutEscapingSlashes() throws {
        let raw = object([
            ("image", .string("https://h/image-0")),
            ("location", .string("l")),
            ("description", .string("d")),
            ("id", .string("2ab2ae66-a4b7-4a16-b374-51bbac8db086")),
        ])

        let result = try FeedItemsMapper.map(status: 200, body: payload([raw]))

        XCTAssertEqual(written(result),
                       "{\"items\":[{\"id\":\"2ab2ae66-a4b7-4a16-b374-51bbac8db086\",\"description\":\"d\",\"location\":\"l\",\"url\":\"https://h/image-0\"}]}\n")
    }

    func test_map_writesPrettyOutputWithTwoSpaceIndent() throws {
        let result = try FeedItemsMapper.map(status: 200, body: payload([item(id: anyID, location: .string("l"), image: "https://h/i")]))

        XCTAssertEqual(String(decoding: JSONWriter(style: .pretty).line(result.json), as: UTF8.self), """
        {
          "items": [
            {
              "id": "\(anyID)",
              "location": "l",
              "url": "https://h/i"
            }
          ]
        }

        """)
    }

    // MARK: - Fixed test account

    func test_map_deliversTheFixedTestAccountFeed() throws {
        let body = Array("""
        {
          "items": [
            {"id": "73A7F70C-75DA-4C2E-B5A3-EED40DC53AA6", "description": "Description 1", "location": "Location 1", "image": "https://url-1.com"},
            {"id": "BA298A85-6275-48D3-8315-9C8F7C1CD109", "location": "Location 2", "image": "https://url-2.com"},
            {"id": "5A0D45B3-8E26-4385-8C5D-213E160A5E3C", "description": "Description 3", "image": "https://url-3.com"},
            {"id": "FF0ECFE2-2879-403F-8DBE-A83B4010B340", "description": null, "image": "https://url-4.com"},
            {"id": "DC97EF5E-2CC9-4905-A8AD-3C351C311001", "description": "Description 5", "location": "Location 5", "image": "https://url-5.com"},
            {"id": "557D87F1-25D3-4D77-82E9-364B2ED9CB30", "description": "Description 6", "location": "Location 6", "image": "https://url-6.com"},
            {"id": "A83284EF-C2DF-415D-AB73-2A9B8B04950B", "description": "Description 7", "location": "Location 7", "image": "https://url-7.com"},
            {"id": "F79BD7F8-063F-46E2-8147-A67635C3BB01", "description": "Description 8", "location": "Location 8", "image": "https://url-8.com"}
          ]
        }
        """.utf8)

        let result = try FeedItemsMapper.map(status: 200, body: body)

        XCTAssertEqual(result.items.count, 8)
        XCTAssertEqual(result, FeedDocument(items: testAccountImages.map(\.json)))
        XCTAssertEqual(written(result), "{\"items\":[" + [
            #"{"id":"73A7F70C-75DA-4C2E-B5A3-EED40DC53AA6","description":"Description 1","location":"Location 1","url":"https://url-1.com"}"#,
            #"{"id":"BA298A85-6275-48D3-8315-9C8F7C1CD109","location":"Location 2","url":"https://url-2.com"}"#,
            #"{"id":"5A0D45B3-8E26-4385-8C5D-213E160A5E3C","description":"Description 3","url":"https://url-3.com"}"#,
            #"{"id":"FF0ECFE2-2879-403F-8DBE-A83B4010B340","url":"https://url-4.com"}"#,
            #"{"id":"DC97EF5E-2CC9-4905-A8AD-3C351C311001","description":"Description 5","location":"Location 5","url":"https://url-5.com"}"#,
            #"{"id":"557D87F1-25D3-4D77-82E9-364B2ED9CB30","description":"Description 6","location":"Location 6","url":"https://url-6.com"}"#,
            #"{"id":"A83284EF-C2DF-415D-AB73-2A9B8B04950B","description":"Description 7","location":"Location 7","url":"https://url-7.com"}"#,
            #"{"id":"F79BD7F8-063F-46E2-8147-A67635C3BB01","description":"Description 8","location":"Location 8","url":"https://url-8.com"}"#,
        ].joined(separator: ",") + "]}\n")
    }
}
