import Foundation
import LoopbackHTTP
import XCTest

/// A cached feed remembers the schema that mapped it: the refresh run once
/// without `--schema spots` against a Spots API, then fixed, heals in one run
/// instead of renewing the images-schema feed on every 304.
final class SchemaRememberedRefreshTests: XCTestCase {
    private let spots = #"{"items":[{"id":"11111111-1111-4111-8111-111111111111","author":"Ann","description":"a fire","likes":4,"image":"https://img.example/1.png"}]}"#

    private func environment(_ server: ConditionalFeedServer) -> [String: String] {
        let cache = makeTemporaryDirectory(self) + "/cache"
        return ["URL": server.url, "FEED_CACHE_DIR": cache]
    }

    func test_aRefreshWithoutSchemaSpots_thenFixed_healsOnTheSecondRun_andTheFirstSaysWhy() throws {
        let server = try ConditionalFeedServer(self, etag: #""v1""#, lastModified: nil, body: spots)
        let env = environment(server)
        // The slip: mapped as images (the spots' extra keys dropped), validators stored.
        let slip = try Command.sh(#"feed-fetch --if-changed "$URL" | feed-map | feed-cache save -q"#, environment: env)
        XCTAssertEqual(slip.status, 0, slip.err)
        let before = try Command.run("feed-cache", ["load"], environment: env).out
        XCTAssertFalse(before.contains("Ann"))

        // Fixed: the 304 is for a feed cached under the images schema.
        let fixed = #"feed-fetch --if-changed "$URL" | feed-map --schema spots | feed-cache save -q"#
        let first = try Command.sh(fixed, environment: env)
        XCTAssertEqual(server.answered, [200, 304])
        XCTAssertEqual(first.status, 66, first.err)
        XCTAssertEqual(first.errLines.count, 1, first.err)
        XCTAssertTrue(first.err.contains("the cached feed was mapped as images"), first.err)
        XCTAssertTrue(first.err.contains("mapped as spots"), first.err)
        XCTAssertEqual(try Command.run("feed-cache", ["load"], environment: env).out, before, "nothing renewed")

        // The next run asks without validators, gets the 200, and stores the spots.
        let second = try Command.sh(fixed, environment: env)
        XCTAssertEqual(second.status, 0, second.err)
        XCTAssertEqual(server.answered, [200, 304, 200])
        XCTAssertNil(server.requests.last?.header("If-None-Match"), "a plain GET")
        let healed = try Command.run("feed-cache", ["load", "--format", "tsv"], environment: env)
        XCTAssertTrue(healed.out.contains("Ann\t4"), healed.out)

        // From then on a 304 renews the spots feed.
        let third = try Command.sh(fixed, environment: env)
        XCTAssertEqual(third.status, 0, third.err)
        XCTAssertEqual(server.answered, [200, 304, 200, 304])
        XCTAssertEqual(server.requests.last?.header("If-None-Match"), #""v1""#)
    }

    func test_aFeedMappedAsImages_isStillRenewedByA304MappedAsImages() throws {
        let images = #"{"items":[{"id":"11111111-1111-4111-8111-111111111111","image":"https://img.example/1.png"}]}"#
        let server = try ConditionalFeedServer(self, etag: #""v1""#, lastModified: nil, body: images)
        let env = environment(server)
        let refresh = #"feed-fetch --if-changed "$URL" | feed-map | feed-cache save -q"#
        XCTAssertEqual(try Command.sh(refresh, environment: env).status, 0)
        let renewed = try Command.sh(refresh, environment: env)
        XCTAssertEqual(renewed.status, 0, renewed.err)
        XCTAssertEqual(server.answered, [200, 304])
    }
}
