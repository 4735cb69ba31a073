import Foundation
import XCTest
import FeedPlatform
import FeedTestSupport

/// A writer waits for another's lock a bounded time (60 s, or
/// FEED_CACHE_LOCK_TIMEOUT), then gives up with `saving` (74) naming the lock
/// file, the cache as it was; a `.lock` that is not a regular file is named,
/// with what to do.
final class CacheLockWaitTests: XCTestCase {
    private let url = "https://images.example/lock.png"
    private lazy var feed = generatedFeed(items: 2, tag: 0xB1, including: [url])
    private let otherFeed = generatedFeed(items: 2, tag: 0xB2)

    func test_aWriter_givesUpWhenAnotherProcessHoldsTheLockPastTheWait() throws {
        let cache = try seededCache()
        let holder = try holdLock(cache)
        defer { holder.send(SIGKILL); _ = holder.wait(timeout: 10) }
        let before = tree(cache)

        for (arguments, input) in [(["save"], otherFeed), (["image", "save"], Array(imageRecord(url: url, body: [4]).utf8)),
                                   (["validate", "--max-age", "0s"], [])] {
            let started = Date()
            let result = try run(arguments, cache, stdin: input, wait: "1s")
            let took = Date().timeIntervalSince(started)
            XCTAssertEqual(result.status, 74, "\(arguments): \(result.err)")
            XCTAssertEqual(result.lastErrorKind, "saving", "\(arguments)")
            XCTAssertEqual(result.errLines.count, 1, result.err)
            XCTAssertTrue(result.err.contains("another process holds the lock \(cache)/.lock"), result.err)
            XCTAssertGreaterThanOrEqual(took, 0.9, "\(arguments) waited the second it was given")
            XCTAssertLessThan(took, 15, "\(arguments) gave up")
        }
        XCTAssertSameTree(tree(cache), before, "nothing changed while the lock was held elsewhere")
        XCTAssertEqual(try run(["load"], cache).stdout, feed + [0x0A], "readers take no lock")
    }

    func test_aWriter_goesOnWhenTheLockIsLetGoWithinTheWait() throws {
        let cache = try seededCache()
        let holder = try holdLock(cache, seconds: 1)
        let save = try run(["save", "-q"], cache, stdin: otherFeed, wait: "30s")
        _ = holder.wait(timeout: 10)
        XCTAssertEqual(save.status, 0, save.err)
        XCTAssertEqual(try run(["load"], cache).stdout, otherFeed + [0x0A])
    }

    func test_theWait_outOfItsRange_isAUsageError() throws {
        let cache = try seededCache()
        for value in ["5", "-1s", "2d", "86401s", "soon"] {
            let result = try run(["save", "-q"], cache, stdin: otherFeed, wait: value)
            XCTAssertEqual(result.status, 64, "\(value): \(result.err)")
            XCTAssertTrue(result.err.contains("FEED_CACHE_LOCK_TIMEOUT needs a duration from 0s to 1d"), result.err)
        }
        for value in ["0s", "1d", "86400s"] {
            XCTAssertEqual(try run(["save", "-q"], cache, stdin: otherFeed, wait: value).status, 0, value)
        }
    }

    func test_somethingElseAtTheLock_isNamed_withWhatToDo() throws {
        for (what, make) in [("a symbolic link", { (path: String) in XCTAssertEqual(symlink("/nonexistent", path), 0) }),
                             ("a folder", { (path: String) in XCTAssertEqual(mkdir(path, 0o700), 0) })] {
            let cache = try seededCache()
            XCTAssertEqual(unlink(cache + "/.lock"), 0)
            make(cache + "/.lock")
            let save = try run(["save", "-q"], cache, stdin: otherFeed)
            XCTAssertEqual(save.status, 74, "\(what): \(save.err)")
            XCTAssertTrue(save.err.contains("\(cache)/.lock is \(what), not the cache's lock file: remove it"), save.err)
        }
    }

    // MARK: Helpers

    /// One process holding the cache's lock (taken by flock(1) on the
    /// shell's descriptor, kept by the sleep the shell becomes), for
    /// `seconds` (else until killed), once it has it.
    private func holdLock(_ cache: String, seconds: Int = 1000) throws -> RunningCommand {
        let flock = try RequiredTool.path("flock", package: "util-linux")
        let script = "exec 9>>\(shellQuote(cache + "/.lock")) && \(flock) -x 9 && echo held && exec sleep \(seconds)"
        let holder = try Command.start("/bin/sh", ["-c", script])
        XCTAssertTrue(holder.waitForOutput(5, timeout: 10), "flock took the lock")
        return holder
    }

    private func seededCache() throws -> String {
        let cache = makeTemporaryDirectory(self) + "/cache"
        XCTAssertEqual(try run(["save", "-q"], cache, stdin: feed).status, 0)
        XCTAssertEqual(try run(["image", "save"], cache, stdin: Array(imageRecord(url: url, body: [9]).utf8)).status, 0)
        return cache
    }

    private func run(_ arguments: [String], _ cache: String, stdin: [UInt8] = [], wait: String? = nil) throws -> CommandResult {
        var environment = ["FEED_CACHE_DIR": cache]
        environment["FEED_CACHE_LOCK_TIMEOUT"] = wait
        return try Command.run("feed-cache", arguments, stdinBytes: stdin, environment: environment)
    }
}
