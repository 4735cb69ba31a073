import Foundation
import XCTest
import FeedTestSupport
import FeedPlatform

/// `feed-cache save` of a large document over an existing feed writes the
/// document into a new feed file while it checks it, and puts the header in
/// front last. Still all or nothing: the old feed stays until the rename; a
/// document that fails its check late leaves the old feed and no temporary
/// file, from a file or a pipe; `kill -9` at random instants leaves exactly
/// the old feed or the new one; and the file written is byte for byte the
/// one a save that writes after its check makes.
final class LargeSaveWrittenWhileCheckedTests: XCTestCase {
    /// Items for a document of several stretches (over 8 MiB: written while checked).
    private static let items = 120_000

    func test_aLargeSave_hasWrittenTheDocumentByTheEndOfItsCheck_andTheOldFeedStaysUntilTheRename() throws {
        let directory = makeTemporaryDirectory(self)
        let cache = directory + "/cache", input = directory + "/feed.json"
        let old = generatedFeed(items: 3, tag: 0xA), new = generatedFeed(items: Self.items, tag: 0xB)
        XCTAssertEqual(try save(cache, old, input).status, 0)
        try writeFile(input, new)

        guard let running = try saveStoppedAfterItsCheck(cache, input) else { return }
        let pid = running.process.processIdentifier
        let temporaries = leftoverTemporaries(cache)
        XCTAssertEqual(temporaries.count, 1, "the new feed file, being written")
        let written = temporaries.first.flatMap { cacheTestRead(cache + "/" + $0) } ?? []
        XCTAssertTrue(written.count >= 4096 + new.count + 1 && Array(written[4096..<(4096 + new.count)]) == new,
                      "the whole document is in place after the room for the header by the end of the check")
        XCTAssertTrue(written.prefix(4096).allSatisfy { $0 == 0 }, "the header is not written yet")
        XCTAssertTrue(try load(cache) == old + [0x0A], "the old feed loads meanwhile")
        XCTAssertEqual(kill(pid, SIGCONT), 0)
        let saved = running.wait(timeout: 300)

        XCTAssertEqual(saved.status, 0, saved.err)
        XCTAssertTrue(try load(cache) == new + [0x0A])
        XCTAssertEqual(leftoverTemporaries(cache), [])
    }

    func test_aLargeSave_cancelledWithItsDocumentWritten_removesItsFile_andLeavesTheOldFeed() throws {
        let (cache, input, _) = try cacheWithAnOldFeed()
        let before = tree(cache)
        try writeFile(input, generatedFeed(items: Self.items, tag: 0xB))

        guard let running = try saveStoppedAfterItsCheck(cache, input) else { return }
        let pid = running.process.processIdentifier
        XCTAssertEqual(leftoverTemporaries(cache).count, 1)
        XCTAssertEqual(kill(pid, SIGTERM), 0)
        XCTAssertEqual(kill(pid, SIGCONT), 0)
        let saved = running.wait(timeout: 300)

        XCTAssertEqual(saved.status, 143)
        XCTAssertEqual(saved.err, "")
        XCTAssertEqual(leftoverTemporaries(cache), [])
        XCTAssertEqual(tree(cache), before)
    }

    func test_aLargeSave_writesTheFileASaveThatWritesAfterItsCheckWrites() throws {
        let directory = makeTemporaryDirectory(self)
        let input = directory + "/feed.json"
        var document = generatedFeed(items: Self.items, tag: 0xB)
        document.removeLast(2)
        document += Array(#"],"validators":{"url":"https://h/feed","etag":"\"v7\""}}"#.utf8) + [0x0A]
        try writeFile(input, document)
        let freeze = "export FAKETIME_DONT_FAKE_MONOTONIC=1 TZ=UTC; faketime -f '2026-11-27 12:00:00' "
        _ = try RequiredTool.path("faketime", package: "faketime")
        for cache in ["first", "over"] {
            let script = freeze + "feed-cache --cache-dir \(shellQuote(directory + "/" + cache)) save -q < \(shellQuote(input))"
            if cache == "over" { XCTAssertEqual(try save(directory + "/over", generatedFeed(items: 3, tag: 0xA), directory + "/old.json").status, 0) }
            let saved = try Command.sh(script, timeout: 300)
            XCTAssertEqual(saved.status, 0, saved.err)
        }

        let first = try XCTUnwrap(cacheTestRead(directory + "/first/feed")), over = try XCTUnwrap(cacheTestRead(directory + "/over/feed"))
        XCTAssertTrue(first == over, "a first save (written after its check) and one over a feed (written while checked) store the same bytes")
        XCTAssertTrue(first.starts(with: Array("essential-feed-cache 3 1795780800.".utf8)))
    }

    func test_aLargeSave_withAnItemLongerThanTheStretchCopiedAhead_startsTheFileAgain_andStoresTheFeed() throws {
        let directory = makeTemporaryDirectory(self)
        let cache = directory + "/cache", input = directory + "/feed.json"
        XCTAssertEqual(try save(cache, generatedFeed(items: 3, tag: 0xA), input).status, 0)
        // After several stretches were written, an item of 1.5 MB: the fast
        // path reads the whole input again, and the file is written again.
        var document = generatedFeed(items: Self.items, tag: 0xB)
        document.removeLast(2)
        document += Array(#",{"id":"0C8F2C79-D8B8-4B52-9B38-BB3A2A1E5C4A","description":""#.utf8)
            + Array(repeating: 0x61, count: 1_500_000) + Array(#"","url":"https://h/long"}]}"#.utf8)

        XCTAssertEqual(try save(cache, document, input).status, 0)
        XCTAssertTrue(try load(cache) == document + [0x0A])
        XCTAssertEqual(leftoverTemporaries(cache), [])
    }

    func test_aLargeDocumentFailingItsCheckLate_leavesTheOldFeed_andNoTemporaryFile() throws {
        let (cache, input, old) = try cacheWithAnOldFeed()
        let before = tree(cache)
        for (what, index) in [("the second half", Self.items * 3 / 4), ("the last item", Self.items - 1)] {
            let good = generatedFeed(items: Self.items, tag: 0xB)
            let bad = Self.withInvalidID(good, tag: 0xB, at: index)
            XCTAssertEqual(bad.count, good.count)
            XCTAssertFalse(bad == good, "\(what): an id made invalid")
            for viaPipe in [false, true] {
                let saved = try save(cache, bad, input, viaPipe: viaPipe)
                let how = "\(what), \(viaPipe ? "from a pipe" : "from a file")"
                XCTAssertEqual(saved.status, 65, "\(how): \(saved.err)")
                XCTAssertTrue(saved.err.hasPrefix("feed-cache: "), how)
                XCTAssertEqual(leftoverTemporaries(cache), [], "\(how): no temporary file is left")
                XCTAssertEqual(tree(cache), before, "\(how): the cache is as it was")
                XCTAssertTrue(try load(cache) == old + [0x0A], "\(how): the old feed loads")
            }
        }
    }

    func test_aLargeSave_fromAFileCutShortWhileItIsRead_exitsInvalidData_andLeavesTheOldFeed_andNoTemporaryFile() throws {
        let directory = makeTemporaryDirectory(self)
        let cache = directory + "/cache", input = directory + "/feed.json"
        let old = generatedFeed(items: 3, tag: 0xA), new = generatedFeed(items: Self.items * 4, tag: 0xB)
        XCTAssertEqual(try save(cache, old, input).status, 0)
        let before = tree(cache)
        var cut = false
        // The cut must land while the save reads: once its new file is there, and before it is done.
        for _ in 0..<5 where !cut {
            try writeFile(input, new)
            // Its own new file: one left by an earlier run that failed would
            // have the cut land before the save maps its input (empty: 66).
            let earlier = Set(leftoverTemporaries(cache))
            let running = try Command.start("/bin/sh", ["-c", "exec feed-cache --cache-dir \(shellQuote(cache)) save -q < \(shellQuote(input))"])
            let deadline = Date().addingTimeInterval(60)
            while Set(leftoverTemporaries(cache)).isSubset(of: earlier) && running.process.isRunning && Date() < deadline { usleep(500) }
            XCTAssertEqual(truncate(input, 0), 0)
            let saved = running.wait(timeout: 300)
            guard saved.status == 65 else {
                XCTAssertEqual(saved.status, 0, "a save the cut missed ends well: \(saved.err)")
                continue
            }
            cut = true
            XCTAssertEqual(saved.err, "feed-cache: cannot read standard input: the file was cut short while it was read\n")
            XCTAssertEqual(leftoverTemporaries(cache), [], "its new file is removed")
            XCTAssertEqual(tree(cache), before, "the cache is as it was")
        }
        XCTAssertTrue(cut, "one of five cuts landed while the save read")
    }

    func test_aLargeSave_killedAtRandomInstants_leavesExactlyTheOldFeedOrTheNewOne() throws {
        let seed = testSeed(20_261_127)
        var generator = SplitMix64(seed: seed)
        let directory = makeTemporaryDirectory(self)
        let cache = directory + "/cache"
        let feeds = [generatedFeed(items: Self.items, tag: 0xA), generatedFeed(items: Self.items, tag: 0xB)]
        let inputs = [directory + "/feed-a.json", directory + "/feed-b.json"]
        for (feed, input) in zip(feeds, inputs) { try writeFile(input, feed) }
        XCTAssertEqual(try save(cache, feeds[0], inputs[0]).status, 0)
        let start = Date()
        XCTAssertEqual(try save(cache, feeds[1], inputs[1]).status, 0)
        let duration = Date().timeIntervalSince(start)
        var current = 1, killed = 0, kept = 0

        for trial in 0..<12 {
            let target = 1 - current
            let running = try Command.start("/bin/sh", ["-c", "exec feed-cache --cache-dir \(shellQuote(cache)) save -q < \(shellQuote(inputs[target]))"])
            usleep(UInt32(Double.random(in: 0...duration, using: &generator) * 1_000_000))
            running.send(SIGKILL)
            let saved = running.wait(timeout: 300)
            if saved.signaled { killed += 1 } else { XCTAssertEqual(saved.status, 0, "trial \(trial): \(saved.err)") }
            let loaded = try load(cache)
            let outcome = loaded == feeds[target] + [0x0A] ? target : loaded == feeds[current] + [0x0A] ? current : nil
            XCTAssertNotNil(outcome, "trial \(trial) (seed \(seed)): the old feed or the new one, exactly")
            if outcome == current { kept += 1 }
            current = outcome ?? current
        }
        XCTAssertGreaterThanOrEqual(killed, 1, "seed \(seed): some kills landed during the save")
        XCTAssertGreaterThanOrEqual(kept, 1, "seed \(seed): some saves were killed before they were done")

        XCTAssertEqual(try save(cache, feeds[1 - current], inputs[1 - current]).status, 0)
        XCTAssertTrue(try load(cache) == feeds[1 - current] + [0x0A])
        XCTAssertEqual(leftoverTemporaries(cache), [], "a save removes what the killed ones left")
    }

    // MARK: - Helpers

    private func save(_ cache: String, _ feed: [UInt8], _ input: String, viaPipe: Bool = false) throws -> CommandResult {
        if viaPipe { return try Command.run("feed-cache", ["--cache-dir", cache, "save", "-q"], stdinBytes: feed, timeout: 300) }
        try writeFile(input, feed)
        return try Command.sh("feed-cache --cache-dir \(shellQuote(cache)) save -q < \(shellQuote(input))", timeout: 300)
    }

    /// A cache holding a small feed (`old`), and where to write an input.
    private func cacheWithAnOldFeed() throws -> (cache: String, input: String, old: [UInt8]) {
        let directory = makeTemporaryDirectory(self)
        let cache = directory + "/cache", input = directory + "/feed.json"
        let old = generatedFeed(items: 3, tag: 0xA)
        XCTAssertEqual(try save(cache, old, input).status, 0)
        return (cache, input, old)
    }

    /// `save -q` of `input`, started and stopped once its check is done
    /// (`FEED_CACHE_TEST_STOP_AFTER_CHECK`); nil (a failure) if it never stops.
    private func saveStoppedAfterItsCheck(_ cache: String, _ input: String,
                                          file: StaticString = #filePath, line: UInt = #line) throws -> RunningCommand? {
        let running = try Command.start("/bin/sh", ["-c", "exec feed-cache --cache-dir \(shellQuote(cache)) save -q < \(shellQuote(input))"],
                                        environment: ["FEED_CACHE_TEST_STOP_AFTER_CHECK": "1"])
        guard waitUntilStopped(running.process.processIdentifier) else {
            running.process.terminate()
            XCTFail("the save never stopped after its check", file: file, line: line)
            return nil
        }
        return running
    }

    private func load(_ cache: String) throws -> [UInt8] {
        let load = try Command.run("feed-cache", ["--cache-dir", cache, "load"], timeout: 120)
        XCTAssertEqual(load.status, 0, "load never fails: \(load.err)")
        return load.stdout
    }

    /// `feed` (of `generatedFeed`'s ids) with item `index`'s id made no
    /// UUID, at the same length.
    private static func withInvalidID(_ feed: [UInt8], tag: Int, at index: Int) -> [UInt8] {
        let id = "\(hex(tag, 8))-\(hex(index >> 12 & 0xFFFF, 4))-4\(hex(index & 0xFFF, 3))-8000-\(hex(index, 12))"
        let text = String(decoding: feed, as: UTF8.self)
        return Array(text.replacingOccurrences(of: "\"\(id)\"", with: "\"\(id.dropLast())Z\"").utf8)
    }
}
