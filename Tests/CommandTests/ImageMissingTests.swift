import Foundation
import LoopbackHTTP
import XCTest

/// The prefetch line of the cron recipe: `image missing` names what is not
/// cached yet, so a second run fetches nothing, prints nothing and exits 0.
final class ImageMissingTests: XCTestCase {
    private let prefetch = "feed-cache image missing | feed-fetch -j 8 | feed-cache image save"

    func test_prefetch_fetchesOnlyWhatIsMissing_andWithNothingMissing_printsNothingAndExits0() throws {
        let server = try serve(["/1.png": .ok(bytes: [1]), "/2.png": .ok(bytes: [2]), "/3.png": .ok(bytes: [3])])
        let env = ["FEED_CACHE_DIR": makeTemporaryDirectory(self) + "/cache"]
        try save(items: (1...3).map { server.url("/\($0).png") }, env)
        XCTAssertEqual(try Command.run("feed-cache", ["image", "save"], stdin: record(server.url("/1.png"), [1]), environment: env).status, 0)

        let first = try Command.sh(prefetch, environment: env)
        XCTAssertEqual(first.status, 0, first.err)
        XCTAssertEqual(server.requestCount(path: "/1.png"), 0, "cached already")
        XCTAssertEqual(server.requestCount(path: "/2.png") + server.requestCount(path: "/3.png"), 2)

        let second = try Command.sh(prefetch, environment: env)
        XCTAssertEqual(second.status, 0, second.err)
        XCTAssertEqual(second.out, "")
        XCTAssertEqual(second.err, "")
        XCTAssertEqual(server.requests.count, 2, "no image requested again")
    }

    func test_imageMissing_ofAFeedWithNoItems_isAnEmptyDocument_andThePrefetchLineIsSilent() throws {
        let env = ["FEED_CACHE_DIR": makeTemporaryDirectory(self) + "/cache"]
        try save(items: [], env)

        let missing = try Command.run("feed-cache", ["image", "missing"], environment: env)
        let line = try Command.sh(prefetch, environment: env)

        XCTAssertEqual(missing.out, #"{"items":[]}"# + "\n")
        XCTAssertEqual(line.status, 0, line.err)
        XCTAssertEqual(line.out + line.err, "")
    }

    func test_imageMissing_withNoCachedFeed_isAsLoad_notFound() throws {
        let env = ["FEED_CACHE_DIR": makeTemporaryDirectory(self) + "/cache"]

        let missing = try Command.sh("feed-cache image missing | cat", environment: env)
        let load = try Command.sh("feed-cache load | cat", environment: env)

        XCTAssertEqual(try Command.run("feed-cache", ["image", "missing"], environment: env).status, 66)
        XCTAssertEqual(missing.out, load.out, "the same error record")
        XCTAssertEqual(missing.err, load.err, "the same message")
    }

    func test_imageSave_ofNoInputAtAll_storesNothing_andExits0() throws {
        let env = ["FEED_CACHE_DIR": makeTemporaryDirectory(self) + "/cache"]

        let result = try Command.run("feed-cache", ["image", "save"], stdin: "", environment: env)

        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(result.out + result.err, "")
        XCTAssertFalse(FileManager.default.fileExists(atPath: env["FEED_CACHE_DIR", default: ""] + "/images"))
    }

    // MARK: - Helpers

    private func save(items urls: [String], _ env: [String: String]) throws {
        let items = urls.enumerated().map { ["id": String(format: "%08d-0000-4000-8000-000000000000", $0.offset), "url": $0.element] }
        let saved = try Command.run("feed-cache", ["save", "-q"], stdin: feedPayload(items) + "\n", environment: env)
        XCTAssertEqual(saved.status, 0, saved.err)
    }

    private func record(_ url: String, _ body: [UInt8]) -> String {
        #"{"url":"\#(url)","status":200,"headers":{},"body_base64":"\#(Data(body).base64EncodedString())"}"# + "\n"
    }
}
