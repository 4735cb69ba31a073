import Foundation
import LoopbackHTTP
import XCTest
import FeedTestSupport

/// Natural compositions: item lines (`--format jsonl`) read where a feed
/// document is read, and a one-line hint for the two easy mistakes.
final class ItemLinesAndHintsEndToEndTests: XCTestCase {
    private func cachedFeed(_ server: LoopbackServer, _ environment: [String: String]) throws {
        let ids = ["11111111-1111-4111-8111-111111111111", "22222222-2222-4222-8222-222222222222", "33333333-3333-4333-8333-333333333333"]
        let items = ids.enumerated().map { ["id": $0.element, "description": "item \($0.offset)", "url": server.url("/img-\($0.offset)")] }
        let save = try Command.run("feed-cache", ["save", "-q"], stdin: feedPayload(items), environment: environment)
        XCTAssertEqual(save.status, 0, save.err)
    }

    func test_loadAsJSONLines_grep_feedFetch_fetchesThoseItemsImages_andImageSaveStoresThem() throws {
        let server = try serve(["/img-0": .ok(bytes: [1]), "/img-1": .ok(bytes: [2, 2]), "/img-2": .ok(bytes: [3, 3, 3])])
        let environment = ["FEED_CACHE_DIR": makeTemporaryDirectory(self) + "/cache"]
        try cachedFeed(server, environment)

        let run = try Command.sh("feed-cache load --format jsonl | grep -v 'item 1' | feed-fetch -j 4 | feed-cache image save", environment: environment)

        XCTAssertEqual(run.status, 0, run.err)
        XCTAssertEqual(run.err, "")
        XCTAssertEqual(server.requestCount(path: "/img-0"), 1)
        XCTAssertEqual(server.requestCount(path: "/img-1"), 0, "the line grep left out")
        XCTAssertEqual(server.requestCount(path: "/img-2"), 1)
        XCTAssertEqual(try Command.run("feed-cache", ["image", "load", server.url("/img-2")], environment: environment).stdout, [3, 3, 3])
    }

    func test_feedFetch_givenAnItemLineWithoutAURL_saysSoOnOneLine() throws {
        let result = try Command.run("feed-fetch", [], stdin: #"{"id":"11111111-1111-4111-8111-111111111111","description":"x"}"# + "\n")
        XCTAssertEqual(result.status, 65, result.err)
        XCTAssertEqual(result.errLines, ["feed-fetch: invalid item line: url: missing or not a string"])
    }

    func test_feedFetch_givenNeitherURLsNorADocumentNorItemLines_saysWhatItReads() throws {
        for input in [#"{"foo":1}"#, #"{"url":"https://h/x","status":200,"headers":{},"body_base64":""}"#] {
            let result = try Command.run("feed-fetch", [], stdin: input + "\n")
            XCTAssertEqual(result.status, 65, result.err)
            XCTAssertEqual(result.errLines.count, 1, result.err)
            XCTAssertTrue(result.err.contains("feed-fetch reads URLs (one a line), feed documents"), result.err)
            XCTAssertTrue(result.err.contains("item lines (as --format jsonl writes them)"), result.err)
        }
    }

    func test_feedMap_givenAFeedDocument_saysItIsAlreadyOne_forEitherSchema() throws {
        let server = try serve([:])
        let environment = ["FEED_CACHE_DIR": makeTemporaryDirectory(self) + "/cache"]
        try cachedFeed(server, environment)
        for schema in ["images", "spots"] {
            let result = try Command.sh("feed-cache load | feed-map --schema \(schema)", environment: environment)
            XCTAssertEqual(result.status, 65, result.err)
            XCTAssertEqual(result.errLines, ["feed-map: already a feed document; feed-map reads API responses (items with an image): give it to feed-cache save or feed-fetch"])
        }
        // An API payload with a bad item keeps its own message.
        let payload = #"{"items":[{"id":"11111111-1111-4111-8111-111111111111"}]}"#
        let bad = try Command.run("feed-map", [], stdin: payload)
        XCTAssertEqual(bad.status, 65)
        XCTAssertFalse(bad.err.contains("already a feed document"), bad.err)
    }
}
