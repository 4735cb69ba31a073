import Foundation
import XCTest

/// A full disk, or a file-size limit, in the middle of a write: `ulimit -f`
/// in `sh -c` (no privileges needed; feed-cache ignores SIGXFSZ, so a write
/// past the limit fails with EFBIG instead of killing it). Every failed save
/// is a `saving` error (74), and the cache is left byte for byte as it was,
/// with no temporary file behind.
final class DiskFullTests: XCTestCase {
    private let oldFeed = generatedFeed(items: 20, tag: 0x01D, including: ["https://images.example/old.png"])
    private let newFeed = generatedFeed(items: 3_000, tag: 0x0E3, including: ["https://images.example/old.png"])

    /// Limits in the shell's blocks (512 or 1,024 bytes): none is enough for the new feed (about 400 KB).
    private let limits = [0, 1, 8, 100, 300]

    func test_save_overTheFileSizeLimit_failsWithSaving_andLeavesTheOldCacheByteForByte() throws {
        let cache = try seededCache()
        let before = tree(cache)

        for limit in limits {
            let result = try Command.sh("ulimit -f \(limit) && exec feed-cache save", stdin: String(decoding: newFeed, as: UTF8.self),
                                        environment: ["FEED_CACHE_DIR": cache])
            XCTAssertFalse(result.signaled, "limit \(limit): SIGXFSZ must not kill it")
            XCTAssertEqual(result.status, 74, "limit \(limit): \(result.err)")
            XCTAssertEqual(result.lastErrorKind, "saving", "limit \(limit)")
            XCTAssertEqual(result.errLines.count, 1, "limit \(limit): \(result.err)")
            XCTAssertFalse(result.out.contains("\"items\""), "limit \(limit): no feed on stdout when the save failed")
            XCTAssertSameTree(tree(cache), before, "limit \(limit): the cache changed")
            XCTAssertEqual(leftoverTemporaries(cache), [], "limit \(limit)")
        }
        let load = try Command.run("feed-cache", ["load"], environment: ["FEED_CACHE_DIR": cache])
        XCTAssertEqual(load.stdout, oldFeed + [0x0A])

        // The same command, without the limit, works: the limit was the only fault.
        let unlimited = try Command.sh("exec feed-cache save -q", stdin: String(decoding: newFeed, as: UTF8.self), environment: ["FEED_CACHE_DIR": cache])
        XCTAssertEqual(unlimited.status, 0, unlimited.err)
        XCTAssertEqual(try Command.run("feed-cache", ["load"], environment: ["FEED_CACHE_DIR": cache]).stdout, newFeed + [0x0A])
    }

    func test_imageSave_overTheFileSizeLimit_failsWithSaving_andLeavesTheOldImageByteForByte() throws {
        let cache = try seededCache()
        let before = tree(cache)
        let url = "https://images.example/old.png"
        let big = imageBytes(for: url + "#new", count: 400_000)

        for limit in limits {
            let records = [imageRecord(url: url, body: big), imageRecord(url: "https://images.example/new.png", body: big)].joined(separator: "\n")
            let result = try Command.sh("ulimit -f \(limit) && exec feed-cache image save", stdin: records, environment: ["FEED_CACHE_DIR": cache])
            XCTAssertFalse(result.signaled, "limit \(limit)")
            XCTAssertEqual(result.status, 74, "limit \(limit): \(result.err)")
            XCTAssertTrue(result.records().allSatisfy { ($0["error"] as? [String: Any])?["kind"] as? String == "saving" }, "limit \(limit): \(result.out)")
            XCTAssertGreaterThanOrEqual(result.errLines.count, 1, "limit \(limit)")
            XCTAssertSameTree(tree(cache), before, "limit \(limit): the cache changed")
            XCTAssertEqual(leftoverTemporaries(cache), [], "limit \(limit)")
            XCTAssertEqual(try Command.run("feed-cache", ["image", "load", url], environment: ["FEED_CACHE_DIR": cache]).stdout,
                           imageBytes(for: url, count: 1_000), "limit \(limit)")
        }

        let unlimited = try Command.sh("exec feed-cache image save", stdin: imageRecord(url: url, body: big), environment: ["FEED_CACHE_DIR": cache])
        XCTAssertEqual(unlimited.status, 0, unlimited.err)
        XCTAssertEqual(try Command.run("feed-cache", ["image", "load", url], environment: ["FEED_CACHE_DIR": cache]).stdout, big)
    }

    // MARK: Helpers

    /// A cache with the old feed and one image.
    private func seededCache() throws -> String {
        let cache = makeTemporaryDirectory(self) + "/cache"
        let env = ["FEED_CACHE_DIR": cache]
        XCTAssertEqual(try Command.run("feed-cache", ["save", "-q"], stdinBytes: oldFeed, environment: env).status, 0)
        let url = "https://images.example/old.png"
        XCTAssertEqual(try Command.run("feed-cache", ["image", "save"], stdin: imageRecord(url: url, body: imageBytes(for: url, count: 1_000)),
                                       environment: env).status, 0)
        return cache
    }
}
