import Foundation
import LoopbackHTTP
import XCTest
import FeedTestSupport
import FeedPlatform

/// feed-cache's pages as real processes: several documents saved as one
/// feed, the "load more" one-liner against a paginated feed endpoint, and
/// `validate` on a cache it may read but not write.
final class FeedCacheLoadMoreTests: XCTestCase {
    /// Seven items, ids in lower case as the API sends them.
    private let items = (0..<7).map { (id: "2ab2ae66-a4b7-4a16-b374-51bbac8db0\(10 + $0)", image: "https://images.example/\($0).png") }

    // MARK: - Pages

    func test_save_ofOnePageAURL_savesOneFeedInOrderWithoutRepeats() throws {
        let server = try serveFeedEndpoint(comparingIDsAsUUIDs: true)
        let env = cacheEnvironment().merging(["A": server.url("/v1/feed?limit=3"), "B": server.url("/v1/feed?limit=3&after_id=" + items[1].id)]) { $1 }

        let result = try Command.sh(#"feed-fetch "$A" "$B" | feed-map | feed-cache save --format ids"#, environment: env)

        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(result.outLines, ids(0..<5), "items 0-2, then 2 (dropped), 3, 4")
    }

    func test_save_ofPaginatedFetch_savesEveryPageAsOneFeed() throws {
        let server = try serveFeedEndpoint(comparingIDsAsUUIDs: false)
        let env = cacheEnvironment().merging(["URL": server.url("/v1/feed?limit=3")]) { $1 }

        let result = try Command.sh(#"feed-fetch --paginate "$URL" | feed-map | feed-cache save -q && feed-cache load --format ids"#, environment: env)

        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(result.outLines, ids(0..<7))
    }

    func test_save_ofPagesWithAFailedPage_passesOnItsCodeAndLeavesTheCache() throws {
        let server = try serveFeedEndpoint(comparingIDsAsUUIDs: true)
        let env = cacheEnvironment().merging(["A": server.url("/v1/feed?limit=3"), "B": try refusedURL()]) { $1 }
        XCTAssertEqual(try Command.run("feed-cache", ["save", "-q"], stdin: page(0..<1), environment: env).status, 0)
        let before = feedTree(env["FEED_CACHE_DIR"] ?? "")

        let result = try Command.sh(#"feed-fetch "$A" "$B" | feed-map | feed-cache save"#, environment: env)

        XCTAssertEqual(result.status, 69, "the connectivity failure's code")
        XCTAssertEqual(result.errLines.count, 1, result.err)
        XCTAssertFalse(result.out.contains("\"items\""), "no feed written")
        XCTAssertSameTree(feedTree(env["FEED_CACHE_DIR"] ?? ""), before, "the cache")
    }

    // MARK: - Load more

    /// The one-liner of feed-cache(1) EXAMPLES, against a server that compares
    /// `after_id` as a UUID.
    func test_loadMore_oneLiner_appendsThePageAfterTheLastCachedItem() throws {
        try assertLoadMoreAppendsEachPage(comparingIDsAsUUIDs: true)
    }

    /// The same against a server that compares `after_id` byte for byte with
    /// its own lower-case ids: the cache holds them as the server sent them,
    /// so it finds its own id.
    func test_loadMore_oneLiner_againstAServerThatComparesIdsExactly_appendsThePageAfterTheLastCachedItem() throws {
        try assertLoadMoreAppendsEachPage(comparingIDsAsUUIDs: false)
    }

    private func assertLoadMoreAppendsEachPage(comparingIDsAsUUIDs: Bool, file: StaticString = #filePath, line: UInt = #line) throws {
        let server = try serveFeedEndpoint(comparingIDsAsUUIDs: comparingIDsAsUUIDs)
        let env = cacheEnvironment().merging(["API": server.baseURL]) { $1 }
        XCTAssertEqual(try Command.sh(#"feed-fetch "$API/v1/feed?limit=3" | feed-map | feed-cache save -q"#, environment: env).status, 0)

        let second = try Command.sh(loadMore, environment: env)
        XCTAssertEqual(second.status, 0, second.err)
        XCTAssertEqual(jsonIDs(second.out), ids(0..<6), "it writes the whole saved feed")
        let third = try Command.sh(loadMore, environment: env)
        XCTAssertEqual(third.status, 0, third.err)
        let last = try Command.sh(loadMore, environment: env)
        XCTAssertEqual(last.status, 0, "an empty page after the last item: \(last.err)")

        XCTAssertEqual(try Command.run("feed-cache", ["load", "--format", "ids"], environment: env).outLines, ids(0..<7))
        let asked = server.requests.compactMap(\.query).filter { $0.contains("after_id") }
        XCTAssertEqual(asked, [items[2].id, items[5].id, items[6].id].map { "limit=3&after_id=" + $0 },
                       "the ids as cached: the server's own spelling", file: file, line: line)
    }

    /// A cache saved by 0.1.0 holds ids in upper case, as its feed-map wrote
    /// them: it loads as it is, and a page appended to it drops an item whose
    /// id it holds in the other case (the same UUID), keeping the first.
    func test_saveAppend_onACacheOfUpperCaseIds_dropsTheSameIdInLowerCase_andKeepsEachSpelling() throws {
        let env = cacheEnvironment()
        let upper = #"{"items":["# + items[0..<2].map { #"{"id":"\#($0.id.uppercased())","url":"\#($0.image)"}"# }.joined(separator: ",") + "]}"
        XCTAssertEqual(try Command.run("feed-cache", ["save", "-q"], stdin: upper, environment: env).status, 0)

        let result = try Command.run("feed-cache", ["save", "--append", "--format", "ids"], stdin: page(1..<3), environment: env)

        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(result.outLines, [items[0].id.uppercased(), items[1].id.uppercased(), items[2].id],
                       "the stored upper-case ids, then the new item as the API spells it; item 1 again is dropped")
        let loaded = try Command.run("feed-cache", ["load", "--format", "tsv"], environment: env)
        XCTAssertEqual(loaded.outLines.map { String($0.prefix(36)) }, result.outLines)
    }

    func test_loadMore_oneLiner_onAnEmptyCache_savesNothing() throws {
        let server = try serveFeedEndpoint(comparingIDsAsUUIDs: true)
        let env = cacheEnvironment().merging(["API": server.baseURL]) { $1 }

        let result = try Command.sh(loadMore, environment: env)

        XCTAssertNotEqual(result.status, 0, result.err)
        XCTAssertFalse(FileManager.default.fileExists(atPath: (env["FEED_CACHE_DIR"] ?? "") + "/feed"))
    }

    func test_saveAppend_onAnExpiredCache_savesOnlyTheInput() throws {
        let env = cacheEnvironment()
        XCTAssertEqual(try Command.run("feed-cache", ["save", "-q"], stdin: page(0..<2), environment: env).status, 0)

        let result = try Command.run("feed-cache", ["save", "--append", "--max-age", "0s", "--format", "ids"], stdin: page(2..<3), environment: env)

        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(result.outLines, [items[2].id], "the input's item alone, its id as given")
    }

    // MARK: - Helpers

    private let loadMore = #"feed-fetch "$API/v1/feed?limit=3&after_id=$(feed-cache load --format ids | tail -n 1)" | feed-map | feed-cache save --append"#

    private func cacheEnvironment() -> [String: String] {
        ["FEED_CACHE_DIR": makeTemporaryDirectory(self) + "/cache"]
    }

    /// The ids of `range` as feed-map writes them: as the server spells them.
    private func ids(_ range: Range<Int>) -> [String] { items[range].map(\.id) }

    /// A feed document of the items in `range`, ids as the API spells them.
    private func page(_ range: Range<Int>) -> String {
        #"{"items":["# + items[range].map { #"{"id":"\#($0.id)","url":"\#($0.image)"}"# }.joined(separator: ",") + "]}"
    }

    private func jsonIDs(_ document: String) -> [String] {
        let object = (try? JSONSerialization.jsonObject(with: Data(document.utf8))) as? [String: Any]
        return (object?["items"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
    }

    /// The case study's feed endpoint over `items`: `GET /v1/feed?limit=N&after_id=ID`,
    /// at most N items after the one whose id is ID (compared as a UUID, or byte
    /// for byte with the server's own lower-case spelling); an ID it does not know is 400.
    private func serveFeedEndpoint(comparingIDsAsUUIDs uuids: Bool) throws -> LoopbackServer {
        let items = self.items
        let server = try LoopbackServer { request in
            guard request.pathWithoutQuery == "/v1/feed" else { return .notFound }
            var limit = items.count, afterID: String?
            for pair in (request.query ?? "").split(separator: "&") {
                let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
                if parts[0] == "limit", let value = parts.last.flatMap({ Int($0) }) { limit = value }
                if parts[0] == "after_id" { afterID = parts.count == 2 ? parts[1] : "" }
            }
            var start = 0
            if let afterID {
                guard let index = items.firstIndex(where: { uuids ? $0.id.lowercased() == afterID.lowercased() : $0.id == afterID }) else {
                    return .status(400, #"{"error":"after_id matches no item"}"#, contentType: "application/json")
                }
                start = index + 1
            }
            let page = items[start..<min(start + limit, items.count)]
            return .ok(#"{"items":["# + page.map { #"{"id":"\#($0.id)","image":"\#($0.image)"}"# }.joined(separator: ",") + "]}")
        }
        addTeardownBlock { server.stop() }
        return server
    }
}
