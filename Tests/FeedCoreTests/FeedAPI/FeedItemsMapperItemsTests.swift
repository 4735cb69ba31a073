import XCTest
import FeedTestSupport
import FeedCore

/// `FeedItemsMapper` on the items of the images schema: fields, types, IDs and URLs.
final class FeedItemsMapperItemsTests: XCTestCase, FeedItemsMapperTesting {

    func test_map_deliversItemsOn200HTTPResponseWithJSONItems() throws {
        let item1 = item(id: "73A7F70C-75DA-4C2E-B5A3-EED40DC53AA6", image: "http://a-url.com")
        let item2 = item(id: "BA298A85-6275-48D3-8315-9C8F7C1CD109", description: .string("a description"),
                         location: .string("a location"), image: "http://another-url.com")

        let result = try FeedItemsMapper.map(status: 200, body: payload([item1, item2]))

        XCTAssertEqual(result.items, [
            FeedImage(id: "73A7F70C-75DA-4C2E-B5A3-EED40DC53AA6", url: "http://a-url.com").json,
            FeedImage(id: "BA298A85-6275-48D3-8315-9C8F7C1CD109", description: "a description",
                      location: "a location", url: "http://another-url.com").json,
        ])
    }

    func test_map_deliversItemsWithEveryCombinationOfOptionalFieldsPresentAbsentOrNull() throws {
        let choices: [(json: JSON?, value: String?)] = [
            (.string("a value"), "a value"),
            (nil, nil),
            (.null, nil),
            (.string(""), ""),
        ]
        for description in choices {
            for location in choices {
                let raw = item(id: anyID, description: description.json, location: location.json, image: "https://a-url.com/x")

                let result = try FeedItemsMapper.map(status: 200, body: payload([raw]))

                XCTAssertEqual(result.items, [
                    FeedImage(id: anyID, description: description.value, location: location.value, url: "https://a-url.com/x").json,
                ], "description \(String(describing: description.json)), location \(String(describing: location.json))")
            }
        }
    }

    func test_map_leavesOutNullAndAbsentOptionalKeysInsteadOfWritingNull() throws {
        let raw = item(id: anyID, description: .null, location: nil, image: "https://a-url.com")

        let result = try FeedItemsMapper.map(status: 200, body: payload([raw]))

        XCTAssertEqual(written(result), "{\"items\":[{\"id\":\"\(anyID)\",\"url\":\"https://a-url.com\"}]}\n")
    }

    func test_map_throwsInvalidDataOnOptionalFieldsOfAnotherType() {
        let wrongTypes: [JSON] = [.number("1"), .bool(true), .array([]), .object(JSONObject()), .array([.string("d")])]
        for wrong in wrongTypes {
            assertInvalidData(try FeedItemsMapper.map(status: 200, body: payload([
                item(id: anyID, description: wrong, image: "https://a-url.com"),
            ])), "description \(wrong)")
            assertInvalidData(try FeedItemsMapper.map(status: 200, body: payload([
                item(id: anyID, location: wrong, image: "https://a-url.com"),
            ])), "location \(wrong)")
        }
    }

    func test_map_throwsInvalidDataOnMissingOrNullRequiredFields() {
        let missingID = object([("image", .string("https://a-url.com"))])
        let nullID = object([("id", .null), ("image", .string("https://a-url.com"))])
        let missingImage = object([("id", .string(anyID))])
        let nullImage = object([("id", .string(anyID)), ("image", .null)])

        for raw in [missingID, nullID, missingImage, nullImage] {
            assertInvalidData(try FeedItemsMapper.map(status: 200, body: payload([raw])), "item \(raw)")
        }
    }

    func test_map_throwsInvalidDataOnRequiredFieldsOfAnotherType() {
        let numberID = object([("id", .number("1")), ("image", .string("https://a-url.com"))])
        let objectImage = object([("id", .string(anyID)), ("image", .object(JSONObject([("url", .string("https://a-url.com"))])))])
        let arrayImage = object([("id", .string(anyID)), ("image", .array([.string("https://a-url.com")]))])

        for raw in [numberID, objectImage, arrayImage] {
            assertInvalidData(try FeedItemsMapper.map(status: 200, body: payload([raw])), "item \(raw)")
        }
    }

    func test_map_ignoresUnknownKeys() throws {
        let raw = object([
            ("extra", .object(JSONObject([("nested", .array([.null, .number("1")]))]))),
            ("id", .string(anyID)),
            ("likes", .number("12")),
            ("image", .string("https://a-url.com")),
            ("author", .string("someone")),
            ("url", .string("https://ignored.com")),
        ])
        let body = Array("{\"version\":2,\"items\":[".utf8) + JSONWriter().line(raw).dropLast() + Array("],\"next\":null}".utf8)

        let result = try FeedItemsMapper.map(status: 200, body: body)

        XCTAssertEqual(written(result), "{\"items\":[{\"id\":\"\(anyID)\",\"url\":\"https://a-url.com\"}]}\n")
    }

    func test_map_deliversThePayloadImageAsURL() throws {
        let result = try FeedItemsMapper.map(status: 200, body: payload([item(id: anyID, image: "https://image.com/a.png?size=2#top")]))

        XCTAssertEqual(result.items.first?["url"], .string("https://image.com/a.png?size=2#top"))
        XCTAssertNil(result.items.first?["image"])
    }

    func test_map_throwsInvalidDataOnItemWithURLButNoImage() {
        let raw = object([("id", .string(anyID)), ("url", .string("https://a-url.com"))])

        assertInvalidData(try FeedItemsMapper.map(status: 200, body: payload([raw])))
    }

    func test_map_writesLowerCaseAndMixedCaseIDsAsTheyAreSpelt() throws {
        let raw1 = item(id: "73a7f70c-75da-4c2e-b5a3-eed40dc53aa6", image: "https://a-url.com")
        let raw2 = item(id: "Ba298a85-6275-48D3-8315-9c8F7C1CD109", image: "https://b-url.com")

        let result = try FeedItemsMapper.map(status: 200, body: payload([raw1, raw2]))

        XCTAssertEqual(result.items.map { $0["id"] }, [
            .string("73a7f70c-75da-4c2e-b5a3-eed40dc53aa6"),
            .string("Ba298a85-6275-48D3-8315-9c8F7C1CD109"),
        ])
    }

    func test_map_throwsInvalidDataOnInvalidUUID() {
        let invalidIDs = [
            "",
            "not a uuid",
            "73A7F70C75DA4C2EB5A3EED40DC53AA6",
            "73A7F70C-75DA-4C2E-B5A3-EED40DC53AA",
            "73A7F70C-75DA-4C2E-B5A3-EED40DC53AA66",
            "73A7F70C-75DA-4C2E-B5A3-EED40DC53AAG",
            "73A7F70C_75DA_4C2E_B5A3_EED40DC53AA6",
            "{73A7F70C-75DA-4C2E-B5A3-EED40DC53AA6}",
            " 73A7F70C-75DA-4C2E-B5A3-EED40DC53AA6",
            "73A7F70C-75DA-4C2E-B5A3-EED40DC53AA6 ",
            "73A7F70-C75DA-4C2E-B5A3-EED40DC53AA6",
        ]
        for id in invalidIDs {
            assertInvalidData(try FeedItemsMapper.map(status: 200, body: payload([item(id: id, image: "https://a-url.com")])), "id '\(id)'")
        }
    }

    func test_map_throwsInvalidDataOnRelativeOrMalformedImageURL() {
        let invalidURLs = [
            "",
            "/image.png",
            "image.png",
            "//host.com/image.png",
            "https:/host.com/image.png",
            "https:host.com",
            "https://",
            "https:///path",
            "://host.com",
            "1https://host.com",
            "https://host.com/a b.png",
            "https://host.com/a\nb.png",
            " https://host.com/a.png",
        ]
        for url in invalidURLs {
            assertInvalidData(try FeedItemsMapper.map(status: 200, body: payload([item(id: anyID, image: url)])), "url '\(url)'")
        }
    }

    func test_map_acceptsAbsoluteURLsOfAnyScheme() throws {
        let urls = ["https://a.com", "http://localhost:8080/x", "ftp://files.host/img.png", "custom+scheme.v1://host"]

        let result = try FeedItemsMapper.map(status: 200, body: payload(urls.map { item(id: anyID, image: $0) }))

        XCTAssertEqual(result.items.map { $0["url"] }, urls.map { .string($0) })
    }

    func test_map_throwsInvalidDataWhenOneItemOfManyIsInvalid() {
        var items = (0..<5).map { item(id: uuid($0), image: "https://url-\($0).com") }
        items.insert(item(id: uuid(9), image: "relative/url"), at: 3)

        assertInvalidData(try FeedItemsMapper.map(status: 200, body: payload(items)))
    }

    func test_map_namesTheInvalidItemAndFieldInTheErrorMessage() {
        let items = [item(id: uuid(0), image: "https://a.com"), item(id: uuid(1), image: "https://b.com"),
                     item(id: "bad", image: "https://c.com")]

        XCTAssertThrowsError(try FeedItemsMapper.map(status: 200, body: payload(items))) { error in
            XCTAssertEqual((error as? ToolError)?.message.contains("items[2].id"), true, "message: \(error)")
        }
    }

    func test_map_keepsTheLastValueOfARepeatedKey() throws {
        let body = "{\"items\":[{\"id\":\"\(anyID)\",\"description\":\"first\",\"image\":\"https://a.com\",\"description\":\"last\"}]}"

        let result = try FeedItemsMapper.map(status: 200, body: Array(body.utf8))

        XCTAssertEqual(result.items, [FeedImage(id: anyID, description: "last", url: "https://a.com").json])
    }

    func test_map_keepsUnicodeAndEscapedTextOfDescriptionAndLocation() throws {
        let body = #"{"items":[{"id":"\#(anyID)","description":"caf\u00e9 \"quoted\"\n😀","location":"Zürich\/CH","image":"https:\/\/a.com\/x"}]}"#

        let result = try FeedItemsMapper.map(status: 200, body: Array(body.utf8))

        XCTAssertEqual(result.items, [FeedImage(id: anyID, description: "café \"quoted\"\n😀", location: "Zürich/CH", url: "https://a.com/x").json])
        XCTAssertEqual(written(result), #"{"items":[{"id":"\#(anyID)","description":"café \"quoted\"\n😀","location":"Zürich/CH","url":"https://a.com/x"}]}"# + "\n")
    }
}
