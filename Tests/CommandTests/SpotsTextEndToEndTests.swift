import Foundation
import XCTest
import FeedTestSupport

/// Text for people of a spots feed: the author, the likes and the
/// description each on a line of its own, and no empty line for an empty or
/// absent description, as feed-map writes it and as feed-cache writes it from
/// the cache (the fast reading).
final class SpotsTextEndToEndTests: XCTestCase {
    private static let payload = """
    {"items":[
    {"id":"11111111-1111-4111-8111-111111111111","author":"Ann","description":"שלום, עולם!","likes":3,"image":"https://img.example/1.png"},
    {"id":"22222222-2222-4222-8222-222222222222","author":"Bob 🙂","likes":1,"image":"https://img.example/2.png"},
    {"id":"33333333-3333-4333-8333-333333333333","author":"Cé","description":"","likes":0,"image":"https://img.example/3.png"}
    ]}
    """

    private static let expected = """
    שלום, עולם!
      by Ann
      3 likes
      https://img.example/1.png

    Bob 🙂
      1 like
      https://img.example/2.png

    Cé
      0 likes
      https://img.example/3.png

    """

    func test_spotsText_showsAuthorLikesAndDescriptionEachOnItsLine_andNoEmptyLine_fromFeedMapAndFromTheCache() throws {
        let mapped = try Command.run("feed-map", ["--schema", "spots", "--format", "text"], stdin: Self.payload)
        XCTAssertEqual(mapped.status, 0, mapped.err)
        XCTAssertEqual(mapped.out, Self.expected)

        let environment = ["FEED_CACHE_DIR": makeTemporaryDirectory(self) + "/cache"]
        let saved = try Command.sh("feed-map --schema spots | feed-cache save -q", stdin: Self.payload, environment: environment)
        XCTAssertEqual(saved.status, 0, saved.err)
        let loaded = try Command.run("feed-cache", ["load", "--format", "text"], environment: environment)
        XCTAssertEqual(loaded.status, 0, loaded.err)
        XCTAssertEqual(loaded.out, Self.expected)
    }

    func test_imagesText_showsNoEmptyLineForAnEmptyDescription() throws {
        let payload = #"{"items":[{"id":"11111111-1111-4111-8111-111111111111","description":"","location":"","image":"https://img.example/1.png"}]}"#
        let mapped = try Command.run("feed-map", ["--format", "text"], stdin: payload)
        XCTAssertEqual(mapped.status, 0, mapped.err)
        XCTAssertEqual(mapped.out, "(no description)\n  https://img.example/1.png\n")
    }
}
