import Foundation
import XCTest
import FeedTestSupport

/// The cron refresh against nginx, which sends `ETag` and `Last-Modified`
/// for a file and answers `If-None-Match` with a 304 of no body: what a
/// refresh costs when nothing changed, and that it still sees a change.
final class FeedRefreshNginxTests: XCTestCase {
    private let refresh = #"feed-fetch --if-changed "$URL" | feed-map | feed-cache save -q || feed-cache load > /dev/null"#

    func test_refreshTwice_isA200ThenA304OfNoBody_sameItems_andTheSaveTimeRenewed() throws {
        let root = try feedRoot(ids: 1...2)
        let nginx = try Nginx(self, root: root)
        let env = ["URL": nginx.url("/v1/feed"), "FEED_CACHE_DIR": makeTemporaryDirectory(self) + "/cache"]

        XCTAssertEqual(try at("2026-11-01 08:00:00", refresh, env).status, 0)
        let saved = try at("2026-11-01 08:00:00", "feed-cache load --format ids", env)
        XCTAssertEqual(try at("2026-11-07 08:00:00", refresh, env).status, 0, "revalidated six days later")
        let loaded = try at("2026-11-09 08:00:00", "feed-cache load --format ids", env)

        XCTAssertEqual(loaded.status, 0, "eight days after the first save, two after the 304: \(loaded.err)")
        XCTAssertEqual(loaded.outLines, saved.outLines)
        XCTAssertEqual(saved.outLines.count, 2)
        let accesses = nginx.accesses
        XCTAssertEqual(accesses.map(\.status), [200, 304])
        XCTAssertEqual(accesses.last?.bodyBytes, 0)
        XCTAssertNotNil(accesses.last?.ifNoneMatch)
        XCTAssertNotNil(accesses.last?.ifModifiedSince)
    }

    func test_theFileChanged_isA200_andTheNewItems() throws {
        let root = try feedRoot(ids: 1...2)
        let nginx = try Nginx(self, root: root)
        let env = ["URL": nginx.url("/v1/feed"), "FEED_CACHE_DIR": makeTemporaryDirectory(self) + "/cache"]
        XCTAssertEqual(try Command.sh(refresh, environment: env).status, 0)
        try writeFeed(ids: 3...5, in: root, modified: Date().addingTimeInterval(60))

        XCTAssertEqual(try Command.sh(refresh, environment: env).status, 0)
        let loaded = try Command.run("feed-cache", ["load", "--format", "ids"], environment: env)

        XCTAssertEqual(nginx.accesses.map(\.status), [200, 200])
        XCTAssertEqual(loaded.outLines, (3...5).map(Self.id))
    }

    func test_gzipOn_sendsAWeakETag_andTheRefreshIsStillA304() throws {
        let root = try feedRoot(ids: 1...40)
        let nginx = try Nginx(self, root: root, gzip: true)
        let env = ["URL": nginx.url("/v1/feed"), "FEED_CACHE_DIR": makeTemporaryDirectory(self) + "/cache"]

        XCTAssertEqual(try Command.sh(refresh, environment: env).status, 0)
        XCTAssertEqual(try Command.sh(refresh, environment: env).status, 0)

        let accesses = nginx.accesses
        XCTAssertEqual(accesses.map(\.status), [200, 304])
        XCTAssertTrue(accesses.last?.ifNoneMatch?.hasPrefix("W/") == true, "the weak ETag of a gzipped body: \(String(describing: accesses.last))")
    }

    func test_expiresTenMinutes_twoRefreshesInsideMakeOneRequest_leaveTheFeedFileByteForByte_andTheFirstAfterIsA304() throws {
        let root = try feedRoot(ids: 1...2)
        let nginx = try Nginx(self, root: root, serverDirectives: "expires 10m;")
        let env = ["URL": nginx.url("/v1/feed"), "FEED_CACHE_DIR": makeTemporaryDirectory(self) + "/cache"]
        let feedFile = URL(fileURLWithPath: (env["FEED_CACHE_DIR"] ?? "") + "/feed")

        XCTAssertEqual(try at("2026-11-01 08:00:00", refresh, env).status, 0)
        let saved = try Data(contentsOf: feedFile)
        XCTAssertEqual(try at("2026-11-01 08:04:00", refresh, env).status, 0)
        XCTAssertEqual(try at("2026-11-01 08:09:59", refresh, env).status, 0)

        XCTAssertEqual(nginx.accesses.map(\.status), [200], "nothing asked inside the ten minutes")
        XCTAssertEqual(try Data(contentsOf: feedFile), saved, "the feed file, byte for byte")

        XCTAssertEqual(try at("2026-11-01 08:10:00", refresh, env).status, 0)
        XCTAssertEqual(nginx.accesses.map(\.status), [200, 304])
    }

    // MARK: - Helpers

    static func id(_ number: Int) -> String { String(format: "%08X-0000-4000-8000-000000000000", number) }

    private func feedRoot(ids: ClosedRange<Int>) throws -> String {
        let root = makeTemporaryDirectory(self) + "/www"
        try FileManager.default.createDirectory(atPath: root + "/v1", withIntermediateDirectories: true)
        try writeFeed(ids: ids, in: root, modified: Date())
        return root
    }

    private func writeFeed(ids: ClosedRange<Int>, in root: String, modified: Date) throws {
        let items = ids.map { ["id": Self.id($0), "image": "https://images.example/\($0).jpg", "description": "item \($0)"] }
        try feedPayload(items).write(toFile: root + "/v1/feed", atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.modificationDate: modified], ofItemAtPath: root + "/v1/feed")
    }

    /// `script` with the clock frozen at `time` (UTC).
    private func at(_ time: String, _ script: String, _ env: [String: String]) throws -> CommandResult {
        _ = try RequiredTool.path("faketime", package: "faketime")
        return try Command.sh("export FAKETIME_DONT_FAKE_MONOTONIC=1 TZ=UTC; faketime -f '\(time)' sh -c \(shellQuote(script))", environment: env)
    }
}
