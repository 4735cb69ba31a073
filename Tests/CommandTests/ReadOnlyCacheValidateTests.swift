import Foundation
import XCTest
import FeedTestSupport
import FeedPlatform

/// `feed-cache validate` on a cache it may read but not write: a valid or
/// empty cache needs no delete, so neither the writers' lock nor write
/// access (exit 0, nothing changed); an expired one must still be deleted,
/// under the lock (74 when it cannot be).
final class ReadOnlyCacheValidateTests: XCTestCase {
    private let feed = #"{"items":[{"id":"2ab2ae66-a4b7-4a16-b374-51bbac8db086","url":"https://h/a"}]}"#

    func test_validate_ofAValidFeedInACacheItCannotWrite_exits0AndChangesNothing() throws {
        let cache = try savedCache()
        let before = tree(cache)

        let result = try runOnReadOnlyCache(cache, ["validate"])

        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(result.out + result.err, "")
        XCTAssertSameTree(tree(cache), before, "validate of a valid feed")
    }

    func test_validate_ofAnEmptyCacheItCannotWrite_exits0() throws {
        let cache = makeTemporaryDirectory(self) + "/cache"
        XCTAssertEqual(mkdir(cache, 0o700), 0)

        let result = try runOnReadOnlyCache(cache, ["validate"])

        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(tree(cache), [:])
    }

    func test_validate_ofAnExpiredFeedInACacheItCannotWrite_is74AndChangesNothing() throws {
        let cache = try savedCache()
        let before = tree(cache)

        let result = try runOnReadOnlyCache(cache, ["validate", "--max-age", "0s"])

        XCTAssertEqual(result.status, 74, result.err)
        XCTAssertEqual(result.lastErrorKind, "deletion")
        XCTAssertTrue(result.err.hasPrefix("feed-cache: \(cache): cannot delete the cached feed: "), result.err)
        XCTAssertSameTree(tree(cache), before, "validate of an expired feed")
    }

    func test_validate_takesTheLockOnlyToDelete() throws {
        let cache = try savedCache()

        XCTAssertEqual(try Command.run("feed-cache", ["validate"], environment: ["FEED_CACHE_DIR": cache]).status, 0)
        XCTAssertNil(tree(cache)[".lock"], "a valid feed is kept without the lock")
        XCTAssertEqual(try Command.run("feed-cache", ["validate", "--max-age", "0s"], environment: ["FEED_CACHE_DIR": cache]).status, 0)
        XCTAssertNil(tree(cache)["feed"], "an expired one is deleted")
        XCTAssertNotNil(tree(cache)[".lock"], "under the lock")
    }

    // MARK: - Helpers

    /// A cache holding a feed saved now, without its lock file (as a cache
    /// copied, or made by another user, may be).
    private func savedCache() throws -> String {
        let cache = makeTemporaryDirectory(self) + "/cache"
        let save = try Command.run("feed-cache", ["save", "-q"], stdin: feed, environment: ["FEED_CACHE_DIR": cache])
        XCTAssertEqual(save.status, 0, save.err)
        XCTAssertEqual(unlink(cache + "/.lock"), 0)
        return cache
    }

    /// Runs feed-cache on `cache` made read-only: as root, a read-only bind
    /// mount in a mount namespace of its own (chmod does not stop root), else
    /// as `nobody` with the directory given to it without write permission;
    /// not as root, the directory's write permission taken away.
    private func runOnReadOnlyCache(_ cache: String, _ arguments: [String]) throws -> CommandResult {
        let tool = try Command.path("feed-cache")
        let environment = ["FEED_CACHE_DIR": cache]
        guard getuid() == 0 else {
            XCTAssertEqual(chmod(cache, 0o500), 0)
            defer { chmod(cache, 0o700) }
            return try Command.run(tool, arguments, environment: environment)
        }
        let mounted = """
        mount --bind "$1" "$1" 2>/dev/null && mount -o remount,ro,bind "$1" "$1" 2>/dev/null || exit 99
        if (: > "$1/.probe") 2>/dev/null; then rm -f "$1/.probe"; exit 99; fi
        shift; exec "$@"
        """
        if let unshare = try? RequiredTool.path("unshare", package: "util-linux") {
            let result = try Command.run(unshare, ["-m", "sh", "-c", mounted, "sh", cache, tool] + arguments, environment: environment)
            if result.status != 99 { return result }
        }
        let setpriv = try RequiredTool.path("setpriv", package: "util-linux")
        let given = try Command.run("/bin/sh", ["-c", #"chown -R 65534:65534 "$1" && chmod 0500 "$1""#, "sh", cache])
        XCTAssertEqual(given.status, 0, given.err)
        defer { _ = try? Command.run("/bin/sh", ["-c", #"chown -R 0:0 "$1"; chmod 0700 "$1""#, "sh", cache]) }
        return try Command.run(setpriv, ["--reuid=65534", "--regid=65534", "--clear-groups", tool] + arguments, environment: environment)
    }
}
