import XCTest
import FeedTestSupport
import FeedCore

final class FeedItemsMapperTests: XCTestCase {

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

    // MARK: - Items

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

    func test_map_writesLowerCaseAndMixedCaseIDsInUpperCase() throws {
        let raw1 = item(id: "73a7f70c-75da-4c2e-b5a3-eed40dc53aa6", image: "https://a-url.com")
        let raw2 = item(id: "Ba298a85-6275-48D3-8315-9c8F7C1CD109", image: "https://b-url.com")

        let result = try FeedItemsMapper.map(status: 200, body: payload([raw1, raw2]))

        XCTAssertEqual(result.items.map { $0["id"] }, [
            .string("73A7F70C-75DA-4C2E-B5A3-EED40DC53AA6"),
            .string("BA298A85-6275-48D3-8315-9C8F7C1CD109"),
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
                       "{\"items\":[{\"id\":\"2AB2AE66-A4B7-4A16-B374-51BBAC8DB086\",\"description\":\"d\",\"location\":\"l\",\"url\":\"https://h/image-0\"}]}\n")
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
            {"id": "dc97ef5e-2cc9-4905-a8ad-3c351c311001", "description": "Description 5", "location": "Location 5", "image": "https://url-5.com"},
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

    // MARK: - Spots schema

    func test_mapSpots_deliversNoItemsOn200HTTPResponseWithEmptyJSONList() throws {
        let result = try FeedItemsMapper.map(status: 200, body: payload([]), schema: .spots)

        XCTAssertEqual(result.items, [])
    }

    func test_mapSpots_deliversSpotsWithKeysInOrderIdAuthorDescriptionLikesURL() throws {
        let raw1 = object([
            ("image", .string("https://spot-1.com")),
            ("likes", .number("42")),
            ("description", .string("a spot")),
            ("author", .string("an author")),
            ("id", .string("73a7f70c-75da-4c2e-b5a3-eed40dc53aa6")),
            ("location", .string("ignored in the spots schema")),
        ])
        let raw2 = object([
            ("id", .string("BA298A85-6275-48D3-8315-9C8F7C1CD109")),
            ("author", .string("another author")),
            ("description", .null),
            ("likes", .number("0")),
            ("image", .string("https://spot-2.com")),
        ])

        let result = try FeedItemsMapper.map(status: 200, body: payload([raw1, raw2]), schema: .spots)

        XCTAssertEqual(result.items, [
            FeedSpot(id: "73A7F70C-75DA-4C2E-B5A3-EED40DC53AA6", author: "an author", description: "a spot", likes: 42, url: "https://spot-1.com").json,
            FeedSpot(id: "BA298A85-6275-48D3-8315-9C8F7C1CD109", author: "another author", likes: 0, url: "https://spot-2.com").json,
        ])
        XCTAssertEqual(written(result), "{\"items\":[" +
            #"{"id":"73A7F70C-75DA-4C2E-B5A3-EED40DC53AA6","author":"an author","description":"a spot","likes":42,"url":"https://spot-1.com"},"# +
            #"{"id":"BA298A85-6275-48D3-8315-9C8F7C1CD109","author":"another author","likes":0,"url":"https://spot-2.com"}"# +
            "]}\n")
    }

    func test_mapSpots_acceptsNegativeAndLargeInRangeLikes() throws {
        let result = try FeedItemsMapper.map(status: 200, body: payload([
            spot(likes: .number("-3")),
            spot(likes: .number("9223372036854775807")),
        ]), schema: .spots)

        XCTAssertEqual(result.items.map { $0["likes"] }, [.number("-3"), .number("9223372036854775807")])
    }

    func test_mapSpots_throwsInvalidDataOnLikesThatAreNotAnInteger() {
        let invalidLikes: [JSON] = [
            .string("42"),
            .number("4.2"),
            .number("42.0"),
            .number("4e1"),
            .number("99999999999999999999"),
            .number("-9223372036854775809"),
            .bool(true),
            .null,
            .array([.number("1")]),
        ]
        for likes in invalidLikes {
            assertInvalidData(try FeedItemsMapper.map(status: 200, body: payload([spot(likes: likes)]), schema: .spots), "likes \(likes)")
        }
    }

    func test_mapSpots_throwsInvalidDataOnMissingLikes() {
        let raw = object([("id", .string(anyID)), ("author", .string("a")), ("image", .string("https://a.com"))])

        assertInvalidData(try FeedItemsMapper.map(status: 200, body: payload([raw]), schema: .spots))
    }

    func test_mapSpots_throwsInvalidDataOnMissingNullOrNonStringAuthor() {
        for author in [nil, JSON.null, .number("1"), .object(JSONObject([("username", .string("a"))]))] {
            var members: [(key: String, value: JSON)] = [("id", .string(anyID))]
            if let author { members.append(("author", author)) }
            members.append(("likes", .number("1")))
            members.append(("image", .string("https://a.com")))

            assertInvalidData(try FeedItemsMapper.map(status: 200, body: payload([object(members)]), schema: .spots),
                              "author \(String(describing: author))")
        }
    }

    func test_mapSpots_throwsInvalidDataOnInvalidIDOrRelativeImage() {
        let badID = object([("id", .string("nope")), ("author", .string("a")), ("likes", .number("1")), ("image", .string("https://a.com"))])
        let badImage = object([("id", .string(anyID)), ("author", .string("a")), ("likes", .number("1")), ("image", .string("/a.png"))])
        let badDescription = object([("id", .string(anyID)), ("author", .string("a")), ("description", .number("1")),
                                     ("likes", .number("1")), ("image", .string("https://a.com"))])

        for raw in [badID, badImage, badDescription] {
            assertInvalidData(try FeedItemsMapper.map(status: 200, body: payload([raw]), schema: .spots), "item \(raw)")
        }
    }

    func test_map_imagesSchemaIgnoresTheSpotsOnlyKeys() throws {
        // A spots payload is a valid images payload: author and likes are unknown keys there.
        let result = try FeedItemsMapper.map(status: 200, body: payload([spot(likes: .string("not a number"))]), schema: .images)

        XCTAssertEqual(result.items, [FeedImage(id: anyID, description: "a spot", url: "https://spot.com").json])
    }

    func test_mapSpots_throwsInvalidDataOnAnImagesPayloadWithoutAuthorAndLikes() {
        assertInvalidData(try FeedItemsMapper.map(status: 200, body: payload([item(id: anyID, image: "https://a.com")]), schema: .spots))
    }

    func test_feedSchema_isNamedImagesAndSpots() {
        XCTAssertEqual(FeedSchema(rawValue: "images"), .images)
        XCTAssertEqual(FeedSchema(rawValue: "spots"), .spots)
        XCTAssertNil(FeedSchema(rawValue: "Spots"))
        XCTAssertEqual(FeedSchema.allCases.map(\.rawValue), ["images", "spots"])
    }

    // MARK: - Bare payload

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

    // MARK: - Helpers

    private let anyID = "2AB2AE66-A4B7-4A16-B374-51BBAC8DB086"

    private var testAccountImages: [FeedImage] {
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

    private func uuid(_ n: Int) -> String {
        let hex = String(n, radix: 16, uppercase: true)
        return "00000000-0000-0000-0000-" + String(repeating: "0", count: 12 - hex.count) + hex
    }

    private func object(_ members: [(key: String, value: JSON)]) -> JSON {
        .object(JSONObject(members))
    }

    private func item(id: String, description: JSON? = nil, location: JSON? = nil, image: String) -> JSON {
        var members: [(key: String, value: JSON)] = [("id", .string(id))]
        if let description { members.append(("description", description)) }
        if let location { members.append(("location", location)) }
        members.append(("image", .string(image)))
        return object(members)
    }

    private func spot(likes: JSON) -> JSON {
        object([
            ("id", .string(anyID)),
            ("author", .string("an author")),
            ("description", .string("a spot")),
            ("likes", likes),
            ("image", .string("https://spot.com")),
        ])
    }

    private func payload(_ items: [JSON]) -> [UInt8] {
        JSONWriter().line(.object(JSONObject([("items", .array(items))])))
    }

    private func written(_ document: FeedDocument) -> String {
        String(decoding: JSONWriter().line(document.json), as: UTF8.self)
    }

    private func assertInvalidData<T>(_ expression: @autoclosure () throws -> T, _ message: String = "",
                                      file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try expression(), message, file: file, line: line) { error in
            XCTAssertEqual((error as? ToolError)?.kind, .invalidData, "\(message): \(error)", file: file, line: line)
        }
    }
}
