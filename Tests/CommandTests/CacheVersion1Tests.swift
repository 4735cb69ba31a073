import Foundation
import XCTest
import FeedTestSupport

/// A cache written before validators were kept (Fixtures/cache-version-1:
/// file format 1, saved 2026-11-20 12:00:00 UTC, the image data of its first
/// item cached) works with this version: it loads, its image loads, it
/// validates, it is appended to and replaced.
final class CacheVersion1Tests: XCTestCase {
    private let ids = ["73A7F70C-75DA-4C2E-B5A3-EED40DC53AA6", "BA298A85-6275-48D3-8315-9C8F7C1CD109"]
    private let firstImage = "https://images.example/1.jpg"

    func test_load_givesItsFeed_andImageLoadItsImage() throws {
        let env = try fixtureCache()

        let load = try run(["load", "--format", "ids"], at: "2026-11-22 12:00:00", env)
        let image = try Command.run("feed-cache", ["image", "load", firstImage], environment: env)

        XCTAssertEqual(load.status, 0, load.err)
        XCTAssertEqual(load.outLines, ids)
        XCTAssertEqual(image.status, 0, image.err)
        XCTAssertEqual(image.out, "JPEG-BYTES-1")
    }

    func test_imageMissing_namesTheItemWhoseImageIsNotCached() throws {
        let env = try fixtureCache()

        let missing = try run(["image", "missing"], at: "2026-11-22 12:00:00", env)

        XCTAssertEqual(missing.status, 0, missing.err)
        XCTAssertTrue(missing.out.contains(ids[1]) && !missing.out.contains(ids[0]), missing.out)
    }

    func test_validate_keepsItWhileFresh_andDeletesItOnceExpired() throws {
        let env = try fixtureCache()

        XCTAssertEqual(try run(["validate"], at: "2026-11-22 12:00:00", env).status, 0)
        XCTAssertTrue(FileManager.default.fileExists(atPath: env["FEED_CACHE_DIR", default: ""] + "/feed"))
        XCTAssertEqual(try run(["validate"], at: "2026-11-28 12:00:00", env).status, 0)
        XCTAssertFalse(FileManager.default.fileExists(atPath: env["FEED_CACHE_DIR", default: ""] + "/feed"))
    }

    func test_append_keepsItsItemsFirst() throws {
        let env = try fixtureCache()
        let next = #"{"items":[{"id":"0C8F2C79-D8B8-4B52-9B38-BB3A2A1E5C4A","url":"https://images.example/3.jpg"}]}"#

        let appended = try run(["save", "--append", "--format", "ids"], at: "2026-11-22 12:00:00", env, stdin: next + "\n")

        XCTAssertEqual(appended.status, 0, appended.err)
        XCTAssertEqual(appended.outLines, ids + ["0C8F2C79-D8B8-4B52-9B38-BB3A2A1E5C4A"])
    }

    func test_save_replacesIt_withAFileOfTheCurrentVersion() throws {
        let env = try fixtureCache()
        let feed = #"{"items":[{"id":"0C8F2C79-D8B8-4B52-9B38-BB3A2A1E5C4A","url":"https://images.example/3.jpg"}]}"#

        let saved = try run(["save", "-q"], at: "2026-11-22 12:00:00", env, stdin: feed + "\n")
        let load = try run(["load"], at: "2026-11-22 12:00:00", env)

        XCTAssertEqual(saved.status, 0, saved.err)
        XCTAssertEqual(load.out, feed + "\n")
        let header = try String(contentsOfFile: env["FEED_CACHE_DIR", default: ""] + "/feed", encoding: .utf8).prefix(23)
        XCTAssertEqual(header, "essential-feed-cache 3 ")
    }

    // MARK: - Helpers

    /// A copy of the fixture, as the cache of the environment returned.
    private func fixtureCache() throws -> [String: String] {
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/cache-version-1").path
        let cache = makeTemporaryDirectory(self) + "/cache"
        try FileManager.default.copyItem(atPath: fixture, toPath: cache)
        XCTAssertTrue(try String(contentsOfFile: cache + "/feed", encoding: .utf8).hasPrefix("essential-feed-cache 1 "), "the fixture is of version 1")
        return ["FEED_CACHE_DIR": cache]
    }

    /// feed-cache at a frozen instant (UTC).
    private func run(_ arguments: [String], at time: String, _ env: [String: String], stdin: String = "") throws -> CommandResult {
        _ = try RequiredTool.path("faketime", package: "faketime")
        let command = (["feed-cache"] + arguments).map(shellQuote).joined(separator: " ")
        return try Command.sh("export FAKETIME_DONT_FAKE_MONOTONIC=1 TZ=UTC; faketime -f '\(time)' \(command)", stdin: stdin, environment: env)
    }
}
