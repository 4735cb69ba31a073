import Foundation
import XCTest
import FeedPlatform

/// `feed-cache save < file` reads the file where it stands (mapped), and
/// another process may rewrite it meanwhile: the cache afterwards holds the
/// old feed or the one that was checked, never bytes that were not, and it
/// always loads. Deterministic first: the save stops itself between its
/// check and its write (`FEED_CACHE_TEST_STOP_AFTER_CHECK`), the test
/// rewrites the file, then lets it go on. Then the race itself: a writer
/// flipping a digit of the last id between valid and invalid during saves.
final class SaveRewrittenInputTests: XCTestCase {
    func test_save_fileGivenAnInvalidIDAfterTheCheck_storesTheCheckedFeed() throws {
        try assertStoresTheCheckedFeed(items: 20_000) { file, feed in
            try Self.overwrite(file, at: feed.lastIDDigit, with: UInt8(ascii: "Z"))
        }
    }

    func test_save_fileGivenAnotherValidIDAfterTheCheck_storesTheCheckedFeed() throws {
        try assertStoresTheCheckedFeed(items: 20_000) { file, feed in
            try Self.overwrite(file, at: feed.lastIDDigit, with: UInt8(ascii: "f"))
        }
    }

    func test_save_fileCutShortAfterTheCheck_storesTheCheckedFeed() throws {
        try assertStoresTheCheckedFeed(items: 20_000) { file, _ in
            XCTAssertEqual(truncate(file, 0), 0)
        }
    }

    /// The race the issue found: of a few saves, one stored a file that
    /// failed its checksum, another an id `save` refuses.
    func test_save_whileAWriterFlipsTheLastIDBetweenValidAndInvalid_theCacheAlwaysLoadsTheAcceptedIDs() throws {
        let directory = makeTemporaryDirectory(self)
        let cache = directory + "/cache", file = directory + "/feed.json"
        let feed = Self.feed(items: 400_000)
        try writeFile(file, feed.bytes)
        XCTAssertEqual(try save(cache, file).status, 0, "the valid document, before the writer starts")
        let valid = feed.bytes[feed.lastIDDigit]
        let writer = DigitFlipper(file: file, offset: feed.lastIDDigit, values: [valid, UInt8(ascii: "Z")])
        writer.start()
        defer { writer.stop() }

        var stored = 0
        for round in 1...20 {
            let save = try save(cache, file)
            if save.status == 0 {
                stored += 1
            } else {
                XCTAssertEqual(save.status, 65, "round \(round): \(save.err)")
                XCTAssertEqual(save.errLines.count, 1, "round \(round): \(save.err)")
            }
            let load = try Command.sh("feed-cache --cache-dir \(shellQuote(cache)) load --format ids", timeout: 300)
            XCTAssertEqual(load.status, 0, "round \(round): \(load.err)")
            XCTAssertTrue(load.stdout == feed.ids, "round \(round): the cache holds other ids than the valid document's")
        }
        writer.stop()
        XCTAssertGreaterThan(writer.flips, 20, "the writer flipped the digit during the saves")
        XCTAssertGreaterThan(stored, 0, "some save read the valid digit")
    }

    // MARK: - The stopped save

    /// An old feed in the cache; then `save` of a new one stopped after its
    /// check, `rewrite` done to the file, and the save let go on: it stores
    /// the feed it checked, which loads.
    private func assertStoresTheCheckedFeed(items: Int, file: StaticString = #filePath, line: UInt = #line,
                                            rewrite: (String, Feed) throws -> Void) throws {
        let directory = makeTemporaryDirectory(self)
        let cache = directory + "/cache", input = directory + "/feed.json"
        let old = Self.feed(items: 3, first: 900_000)
        try writeFile(input, old.bytes)
        XCTAssertEqual(try save(cache, input).status, 0, file: file, line: line)
        let new = Self.feed(items: items)
        try writeFile(input, new.bytes)

        let running = try Command.start("/bin/sh", ["-c", "exec feed-cache --cache-dir \(shellQuote(cache)) save -q < \(shellQuote(input))"],
                                        environment: ["FEED_CACHE_TEST_STOP_AFTER_CHECK": "1"])
        let pid = running.process.processIdentifier
        guard waitUntilStopped(pid) else {
            running.process.terminate()
            return XCTFail("the save never stopped after its check", file: file, line: line)
        }
        try rewrite(input, new)
        XCTAssertEqual(kill(pid, SIGCONT), 0, file: file, line: line)
        let saved = running.wait(timeout: 300)

        XCTAssertEqual(saved.status, 0, saved.err, file: file, line: line)
        XCTAssertEqual(saved.err, "", file: file, line: line)
        let load = try Command.sh("feed-cache --cache-dir \(shellQuote(cache)) load --format ids")
        XCTAssertEqual(load.status, 0, load.err, file: file, line: line)
        XCTAssertTrue(load.stdout == new.ids, "the cache holds other ids than the checked document's", file: file, line: line)
    }

    private func save(_ cache: String, _ input: String) throws -> CommandResult {
        try Command.sh("feed-cache --cache-dir \(shellQuote(cache)) save -q < \(shellQuote(input))", timeout: 300)
    }

    private static func overwrite(_ path: String, at offset: Int, with byte: UInt8) throws {
        let fd = open(path, O_WRONLY)
        guard fd >= 0 else { throw POSIXError(.ENOENT) }
        defer { close(fd) }
        var value = byte
        guard pwrite(fd, &value, 1, off_t(offset)) == 1 else { throw POSIXError(.EIO) }
    }

    // MARK: - The feed

    /// A document as feed-map writes it, the ids `load --format ids` writes
    /// of it, and where the first hex digit of its last id stands.
    struct Feed {
        let bytes: [UInt8]
        let ids: [UInt8]
        let lastIDDigit: Int
    }

    static func feed(items: Int, first: Int = 0) -> Feed {
        var bytes = Array(#"{"items":["#.utf8)
        bytes.reserveCapacity(items * 80)
        var ids: [UInt8] = []
        var lastIDDigit = 0
        for index in first..<(first + items) {
            if index > first { bytes.append(UInt8(ascii: ",")) }
            let id = "\(hex(index, 8))-0000-4000-8000-\(hex(index * 7, 12))".lowercased()
            bytes += Array(#"{"id":""#.utf8)
            lastIDDigit = bytes.count
            bytes += Array(#"\#(id)","url":"https://i.example/\#(index)"}"#.utf8)
            ids += Array(id.utf8) + [0x0A]
        }
        bytes += Array("]}\n".utf8)
        return Feed(bytes: bytes, ids: ids, lastIDDigit: lastIDDigit)
    }
}

/// A writer on a thread of its own that puts one byte at `offset` of `file`,
/// each of `values` in turn, every half millisecond.
private final class DigitFlipper: @unchecked Sendable {
    private let file: String
    private let offset: Int
    private let values: [UInt8]
    private let lock = NSLock()
    private var running = true
    private var count = 0
    private let done = DispatchGroup()

    init(file: String, offset: Int, values: [UInt8]) {
        self.file = file
        self.offset = offset
        self.values = values
    }

    var flips: Int { lock.withLock { count } }

    func start() {
        done.enter()
        Thread.detachNewThread { [self] in
            defer { done.leave() }
            let fd = open(file, O_WRONLY)
            guard fd >= 0 else { return }
            defer { close(fd) }
            var index = 0
            while lock.withLock({ running }) {
                var value = values[index % values.count]
                _ = pwrite(fd, &value, 1, off_t(offset))
                index += 1
                lock.withLock { count = index }
                usleep(500)
            }
            var valid = values[0]
            _ = pwrite(fd, &valid, 1, off_t(offset))
        }
    }

    func stop() {
        lock.withLock { running = false }
        done.wait()
    }
}
