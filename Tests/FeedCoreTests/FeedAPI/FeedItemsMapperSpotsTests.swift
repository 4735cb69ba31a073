import XCTest
import FeedTestSupport
import FeedCore

/// `FeedItemsMapper` on the spots schema.
final class FeedItemsMapperSpotsTests: XCTestCase, FeedItemsMapperTesting {

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
            FeedSpot(id: "73a7f70c-75da-4c2e-b5a3-eed40dc53aa6", author: "an author", description: "a spot", likes: 42, url: "https://spot-1.com").json,
            FeedSpot(id: "BA298A85-6275-48D3-8315-9C8F7C1CD109", author: "another author", likes: 0, url: "https://spot-2.com").json,
        ])
        XCTAssertEqual(written(result), "{\"items\":[" +
            #"{"id":"73a7f70c-75da-4c2e-b5a3-eed40dc53aa6","author":"an author","description":"a spot","likes":42,"url":"https://spot-1.com"},"# +
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
}
