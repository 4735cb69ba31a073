import Foundation
import LoopbackHTTP
import XCTest
import FeedTestSupport

/// The BDD scenarios of the image feed story, run as plain `sh` pipelines of the
/// built commands against a loopback server, with the clock set by faketime.
final class FeedCacheScenarioTests: XCTestCase {
    private let savedAt = "2026-01-01 12:00:00"
    private let almostSevenDaysLater = "2026-01-08 11:59:59"
    private let sevenDaysLater = "2026-01-08 12:00:00"
    private let flow = "feed-fetch \"$URL\" | feed-map | feed-cache save || feed-cache load"

    override func setUpWithError() throws {
        _ = try RequiredTool.path("faketime", package: "faketime")
    }

    func test_online_displaysTheLatestFeedFromRemoteAndReplacesTheCache() throws {
        let cache = makeTemporaryDirectory(self) + "/cache"
        let server = try serve(["/v1/feed": .ok(TestAccount.payload)])
        try seedCache(cache, with: oldFeed, at: savedAt)

        let result = try Command.sh(flow, environment: ["URL": server.url("/v1/feed"), "FEED_CACHE_DIR": cache])

        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(result.err, "")
        XCTAssertEqual(result.out, TestAccount.feedDocument)
        XCTAssertEqual(try Command.run("feed-cache", ["load"], environment: ["FEED_CACHE_DIR": cache]).out, TestAccount.feedDocument)
    }

    func test_offline_displaysTheCachedFeedWhenLessThanSevenDaysOld() throws {
        let cache = makeTemporaryDirectory(self) + "/cache"
        try seedCache(cache, with: TestAccount.feedDocument, at: savedAt)

        let url = try refusedURL()
        let result = try Command.sh(at(almostSevenDaysLater, flow), environment: ["URL": url, "FEED_CACHE_DIR": cache])

        XCTAssertEqual(result.status, 0, result.err)
        // On a pipe (not a terminal) the first branch's error record comes first, then the cached feed.
        XCTAssertEqual(result.outLines.count, 2, result.out)
        XCTAssertTrue(result.outLines.first?.hasPrefix("{\"url\":\"\(url)\",\"error\":{\"kind\":\"connectivity\"") ?? false, result.out)
        XCTAssertEqual((result.outLines.last ?? "") + "\n", TestAccount.feedDocument)
        XCTAssertEqual(result.errLines.count, 1, "only feed-fetch says it could not connect: \(result.err)")
        XCTAssertTrue(result.err.hasPrefix("feed-fetch: "))
    }

    func test_offline_displaysAnErrorWhenTheCacheIsSevenDaysOldOrMore() throws {
        for now in [sevenDaysLater, "2026-01-09 00:00:00", "2027-01-01 00:00:00"] {
            let cache = makeTemporaryDirectory(self) + "/cache"
            try seedCache(cache, with: TestAccount.feedDocument, at: savedAt)

            let result = try Command.sh(at(now, flow), environment: ["URL": try refusedURL(), "FEED_CACHE_DIR": cache])

            XCTAssertEqual(result.status, 66, now)
            XCTAssertFalse(result.out.contains("\"items\""), now)
            XCTAssertTrue(result.errLines.contains { $0.hasPrefix("feed-cache: ") && $0.contains("expired") }, result.err)
        }
    }

    func test_offline_displaysAnErrorWhenTheCacheIsEmpty() throws {
        let cache = makeTemporaryDirectory(self) + "/cache"
        let result = try Command.sh(flow, environment: ["URL": try refusedURL(), "FEED_CACHE_DIR": cache])

        XCTAssertEqual(result.status, 66)
        XCTAssertFalse(result.out.contains("\"items\""))
        XCTAssertTrue(result.errLines.contains { $0.hasPrefix("feed-cache: ") && $0.contains("no cached feed") }, result.err)
        XCTAssertFalse(FileManager.default.fileExists(atPath: cache), "load must not create the cache")
    }

    func test_serverError_displaysTheCachedFeedWhenFresh() throws {
        let cache = makeTemporaryDirectory(self) + "/cache"
        let server = try serve(["/v1/feed": .status(500, "oops")])
        try seedCache(cache, with: TestAccount.feedDocument, at: savedAt)
        let before = try snapshotOfFeed(cache)

        let result = try Command.sh(at("2026-01-02 00:00:00", flow), environment: ["URL": server.url("/v1/feed"), "FEED_CACHE_DIR": cache])

        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(result.outLines.count, 2, result.out)
        XCTAssertEqual((result.outLines.last ?? "") + "\n", TestAccount.feedDocument)
        XCTAssertEqual(result.errLines, ["feed-map: \(server.url("/v1/feed")): status 500, expected 200"])
        XCTAssertEqual(try snapshotOfFeed(cache), before, "the failed save left the cache byte for byte (but for the refresh's history)")
    }

    func test_capturingEachBranch_replacesTheErrorRecordOfTheFirst() throws {
        let cache = makeTemporaryDirectory(self) + "/cache"
        try seedCache(cache, with: TestAccount.feedDocument, at: savedAt)
        let script = """
        feed=$(feed-fetch "$URL" | feed-map | feed-cache save) || feed=$(feed-cache load)
        printf '%s\\n' "$feed"
        """
        let result = try Command.sh(at("2026-01-02 00:00:00", script), environment: ["URL": try refusedURL(), "FEED_CACHE_DIR": cache])

        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(result.out, TestAccount.feedDocument)
    }

    func test_maxAge_boundaryIsExactToTheSecondAndConfigurable() throws {
        let cache = makeTemporaryDirectory(self) + "/cache"
        try seedCache(cache, with: TestAccount.feedDocument, at: savedAt)
        let env = ["FEED_CACHE_DIR": cache]

        XCTAssertEqual(try Command.sh(at("2026-01-01 12:14:59", "feed-cache --max-age 15m load"), environment: env).status, 0)
        XCTAssertEqual(try Command.sh(at("2026-01-01 12:15:00", "feed-cache --max-age 15m load"), environment: env).status, 66)
        XCTAssertEqual(try Command.sh(at("2026-01-03 00:00:00", "feed-cache load --max-age 1d12h"), environment: env).status, 66)
        XCTAssertEqual(try Command.sh(at("2026-01-02 23:59:59", "feed-cache load --max-age 1d12h"), environment: env).status, 0)
        XCTAssertEqual(try Command.sh(at("2026-01-01 13:29:59", "feed-cache load"), environment: env.merging(["FEED_CACHE_MAX_AGE": "90m"]) { $1 }).status, 0)
        XCTAssertEqual(try Command.sh(at("2026-01-01 13:30:00", "feed-cache load"), environment: env.merging(["FEED_CACHE_MAX_AGE": "90m"]) { $1 }).status, 66)
        XCTAssertEqual(try Command.sh(at("2026-01-01 13:29:59", "feed-cache load"), environment: env.merging(["FEED_CACHE_MAX_AGE": "1h30m"]) { $1 }).status, 0)
        XCTAssertEqual(try Command.sh(at("2026-01-01 13:30:00", "feed-cache load"), environment: env.merging(["FEED_CACHE_MAX_AGE": "1h30m"]) { $1 }).status, 66)
        XCTAssertEqual(try Command.sh(at("2026-01-01 13:30:00", "feed-cache --max-age 2h load"), environment: env.merging(["FEED_CACHE_MAX_AGE": "1h30m"]) { $1 }).status, 0, "the option wins over the variable")
    }

    func test_validate_deletesAnExpiredCacheAndItsImagesAndKeepsAFreshOne() throws {
        let cache = makeTemporaryDirectory(self) + "/cache"
        let server = try serve(["/image-0": .ok(bytes: [1, 2, 3])])
        let feed = "{\"items\":[{\"id\":\"2AB2AE66-A4B7-4A16-B374-51BBAC8DB086\",\"url\":\"\(server.url("/image-0"))\"}]}"
        try seedCache(cache, with: feed, at: savedAt)
        let env = ["FEED_CACHE_DIR": cache]
        XCTAssertEqual(try Command.sh("feed-cache load --max-age 1000d | feed-fetch | feed-cache image save", environment: env).status, 0)

        let fresh = try Command.sh(at(almostSevenDaysLater, "feed-cache validate"), environment: env)
        XCTAssertEqual(fresh.status, 0, fresh.err)
        XCTAssertEqual(try Command.sh(at(almostSevenDaysLater, "feed-cache load"), environment: env).status, 0)

        let expired = try Command.sh(at(sevenDaysLater, "feed-cache validate"), environment: env)
        XCTAssertEqual(expired.status, 0, expired.err)
        XCTAssertEqual(expired.out + expired.err, "")
        XCTAssertEqual(try Command.run("feed-cache", ["load", "--max-age", "1000d"], environment: env).status, 66)
        XCTAssertEqual(try Command.run("feed-cache", ["image", "load", server.url("/image-0")], environment: env).status, 66)
    }

    // MARK: Helpers

    private var oldFeed: String {
        "{\"items\":[{\"id\":\"2AB2AE66-A4B7-4A16-B374-51BBAC8DB086\",\"url\":\"https://old.example/image\"}]}"
    }

    /// Runs `script` with the clock frozen at `time` (UTC).
    private func at(_ time: String, _ script: String) -> String {
        "export FAKETIME_DONT_FAKE_MONOTONIC=1 TZ=UTC; faketime -f '\(time)' sh -c \(shellQuote(script))"
    }

    private func seedCache(_ cache: String, with document: String, at time: String) throws {
        let result = try Command.sh(at(time, "feed-cache save -q"), stdin: document, environment: ["FEED_CACHE_DIR": cache])
        XCTAssertEqual(result.status, 0, "seeding the cache: \(result.err)")
    }

}

/// Every file under `directory` with its bytes, mode and modification time.
/// The snapshot without the refresh's history, which `save` writes when an
/// error record reaches it (it never touches the feed or the images).
func snapshotOfFeed(_ directory: String) throws -> [String: String] {
    try snapshot(directory).filter { $0.key != "refresh" }
}

func snapshot(_ directory: String) throws -> [String: String] {
    var result: [String: String] = [:]
    guard let walker = FileManager.default.enumerator(atPath: directory) else { return result }
    for case let relative as String in walker {
        let path = directory + "/" + relative
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        let mode = (attributes[.posixPermissions] as? Int).map { String($0, radix: 8) } ?? "?"
        let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
        let content = (attributes[.type] as? FileAttributeType) == .typeRegular
            ? (FileManager.default.contents(atPath: path)?.base64EncodedString() ?? "") : "dir"
        result[relative] = "\(mode) \(modified) \(content)"
    }
    return result
}
