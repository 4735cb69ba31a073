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
    /// `after_id` as a UUID: the cache holds feed-map's upper-case ids.
    func test_loadMore_oneLiner_appendsThePageAfterTheLastCachedItem() throws {
        let server = try serveFeedEndpoint(comparingIDsAsUUIDs: true)
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
        XCTAssertEqual(asked, [items[2].id, items[5].id, items[6].id].map { "limit=3&after_id=" + $0.uppercased() },
                       "the ids as cached: feed-map's upper case, not the server's spelling")
    }

    /// The same against a server that compares `after_id` byte for byte with
    /// its own lower-case ids: it knows no upper-case id, answers 400, and
    /// the pipeline fails with invalid-data, the cache as it was.
    func test_loadMore_oneLiner_againstAServerThatComparesIdsExactly_failsAndLeavesTheCache() throws {
        let server = try serveFeedEndpoint(comparingIDsAsUUIDs: false)
        let env = cacheEnvironment().merging(["API": server.baseURL]) { $1 }
        XCTAssertEqual(try Command.sh(#"feed-fetch "$API/v1/feed?limit=3" | feed-map | feed-cache save -q"#, environment: env).status, 0)
        let before = feedTree(env["FEED_CACHE_DIR"] ?? "")

        let result = try Command.sh(loadMore, environment: env)

        XCTAssertEqual(result.status, 65, result.err)
        XCTAssertTrue(result.err.contains("400"), result.err)
        XCTAssertSameTree(feedTree(env["FEED_CACHE_DIR"] ?? ""), before, "the cache")
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

    /// The ids of `range` as feed-map writes them.
    private func ids(_ range: Range<Int>) -> [String] { items[range].map { $0.id.uppercased() } }

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
