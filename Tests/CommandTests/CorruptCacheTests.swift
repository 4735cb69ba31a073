import Foundation
import XCTest
import FeedPlatform

/// A cache that is whole on disk but not a feed, or not a file at all: `load`
/// and `image load` report `retrieval` (74) and change nothing; `validate`
/// deletes a file, never a folder; a following save works. (Empty, truncated and garbage feed
/// files are in FeedCacheEndToEndTests.)
final class CorruptCacheTests: XCTestCase {
    private let feed = generatedFeed(items: 3, tag: 0xC0, including: ["https://images.example/c.png"])

    func test_load_reportsRetrieval_onAWholeFileThatHoldsNoFeed_andValidateDeletesIt() throws {
        // Each has the right header, length and checksum: only its body is wrong,
        // and not in the shape every saved document has. (A body forged by hand
        // inside a valid envelope, with its checksum recomputed, is trusted:
        // the checksum finds damage, not forgery; see feed-cache(1) CAVEATS.)
        let bodies: [(String, [UInt8])] = [
            ("an array", Array("[1,2,3]\n".utf8)),
            ("items not an array", Array("{\"items\":5}\n".utf8)),
            ("another object", Array("{\"feed\":[]}\n".utf8)),
            ("no final newline", Array("{\"items\":[]}".utf8)),
            ("not JSON", Array("{\"items\":[\n".utf8)),
            ("binary", [0x00, 0xFF, 0xFE, 0x7B, 0x0A]),
            ("an empty body", []),
        ]
        for (what, body) in bodies {
            let cache = try seededCache()
            try writeFile(cache + "/feed", wholeFeedFile(body))
            try expectRetrievalErrorLeavingTheCache(cache, what)
            try expectValidateDeletesTheFeedAndASaveWorks(cache, what)
        }
    }

    func test_aDirectoryInTheFeedsPlace_isARetrievalError_andNeitherValidateNorSaveRemovesIt() throws {
        let outside = makeTemporaryDirectory(self) + "/outside"
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        try writeFile(outside + "/precious", Array("keep me".utf8))
        let outsideBefore = tree(outside)

        let cache = try seededCache()
        try FileManager.default.removeItem(atPath: cache + "/feed")
        try FileManager.default.createDirectory(atPath: cache + "/feed/nested", withIntermediateDirectories: true)
        try writeFile(cache + "/feed/nested/file", Array("x".utf8))
        XCTAssertEqual(symlink(outside, cache + "/feed/nested/link"), 0)
        try expectRetrievalErrorLeavingTheCache(cache, "a directory")
        let before = tree(cache)

        // The folder is not the cache's: a writer says so, and removes nothing.
        for (arguments, kind) in [(["validate"], "deletion"), (["save"], "saving")] {
            let result = try Command.run("feed-cache", arguments, stdinBytes: feed, environment: ["FEED_CACHE_DIR": cache])
            XCTAssertEqual(result.status, 74, "\(arguments): \(result.err)")
            XCTAssertEqual(result.lastErrorKind, kind, "\(arguments)")
            XCTAssertEqual(result.errLines.count, 1, result.err)
            XCTAssertTrue(result.err.contains("\(cache)/feed is a folder") && result.err.contains("move it out of \(cache)"), result.err)
            XCTAssertSameTree(tree(cache), before, "\(arguments) changed the cache")
        }
        XCTAssertEqual(tree(outside), outsideBefore, "nothing is deleted through a link")

        // Moved away, the cache works again.
        try FileManager.default.removeItem(atPath: cache + "/feed")
        XCTAssertEqual(try Command.run("feed-cache", ["save", "-q"], stdinBytes: feed, environment: ["FEED_CACHE_DIR": cache]).status, 0)
        XCTAssertEqual(try Command.run("feed-cache", ["load"], environment: ["FEED_CACHE_DIR": cache]).stdout, feed + [0x0A])
    }

    func test_aFIFOInTheFeedsPlace_isARetrievalErrorAtOnce_andValidateDeletesIt() throws {
        let cache = try seededCache()
        try FileManager.default.removeItem(atPath: cache + "/feed")
        XCTAssertEqual(mkfifo(cache + "/feed", 0o600), 0)

        let started = Date()
        try expectRetrievalErrorLeavingTheCache(cache, "a FIFO")
        XCTAssertLessThan(Date().timeIntervalSince(started), 10, "load must not wait on a FIFO for a writer")
        try expectValidateDeletesTheFeedAndASaveWorks(cache, "a FIFO")
    }

    func test_aDirectoryInAnImagesPlace_isARetrievalError_andNeitherImageSaveNorValidateRemovesIt() throws {
        let url = "https://images.example/c.png"
        for route in ["image save", "validate"] {
            let cache = try seededCache()
            let image = cache + "/images/" + (directoryEntries(cache + "/images").first ?? "?")
            try FileManager.default.removeItem(atPath: image)
            try FileManager.default.createDirectory(atPath: image + "/nested", withIntermediateDirectories: true)
            try writeFile(image + "/nested/file", Array("x".utf8))
            let before = tree(cache)

            let load = try Command.run("feed-cache", ["image", "load", url], environment: ["FEED_CACHE_DIR": cache])
            XCTAssertEqual(load.status, 74, load.err)
            XCTAssertEqual(load.lastErrorKind, "retrieval")
            XCTAssertEqual(load.errLines.count, 1, load.err)
            XCTAssertSameTree(tree(cache), before, "image load changed the cache")
            XCTAssertEqual(try Command.run("feed-cache", ["load"], environment: ["FEED_CACHE_DIR": cache]).stdout, feed + [0x0A],
                           "the feed is still there")

            if route == "image save" {
                let save = try Command.run("feed-cache", ["image", "save"], stdin: imageRecord(url: url, body: [9, 9, 9]), environment: ["FEED_CACHE_DIR": cache])
                XCTAssertEqual(save.status, 74, save.err)
                XCTAssertEqual(save.lastErrorKind, "saving")
                XCTAssertTrue(save.err.contains("\(image) is a folder") && save.err.contains("move it out of"), save.err)
                XCTAssertSameTree(tree(cache), before, "image save removed a folder")
            } else {
                // An expired feed: validate deletes it and its image files, never a folder.
                let validate = try Command.run("feed-cache", ["validate", "--max-age", "0s"], environment: ["FEED_CACHE_DIR": cache])
                XCTAssertEqual(validate.status, 0, validate.err)
                XCTAssertFalse(FileManager.default.fileExists(atPath: cache + "/feed"), "validate deletes the expired feed")
                XCTAssertEqual(try? Data(contentsOf: URL(fileURLWithPath: image + "/nested/file")), Data("x".utf8), "and leaves a folder alone")
                XCTAssertEqual(try Command.run("feed-cache", ["save", "-q"], stdinBytes: feed, environment: ["FEED_CACHE_DIR": cache]).status, 0)
            }
        }
    }

    func test_imageLoad_reportsRetrieval_onAnImageFileThatIsEmptyTruncatedOrGarbage_andImageSaveRepairsIt() throws {
        let url = "https://images.example/c.png"
        let data = imageBytes(for: url, count: 5_000)
        let cache = try seededCache()
        let image = cache + "/images/" + (directoryEntries(cache + "/images").first ?? "?")
        let whole = Array(FileManager.default.contents(atPath: image) ?? Data())
        let header = whole.prefix(while: { $0 != 0x0A }).count + 1
        let damaged: [(String, [UInt8])] = [
            ("empty", []),
            ("header only", Array(whole.prefix(header))),
            ("truncated", Array(whole.dropLast(100))),
            ("one byte more", whole + [0]),
            ("a flipped byte", whole.enumerated().map { $0.offset == whole.count - 10 ? $0.element ^ 0x01 : $0.element }),
            ("garbage", Array("essential-feed-image 1 huge 12 0\nxx".utf8)),
            ("a huge length", Array("essential-feed-image 1 99999999999999999999 1 0000000000000000\nx".utf8)),
        ]
        for (what, bytes) in damaged {
            XCTAssertEqual(try Command.run("feed-cache", ["image", "save"], stdin: imageRecord(url: url, body: data), environment: ["FEED_CACHE_DIR": cache]).status, 0)
            try writeFile(image, bytes)
            let before = tree(cache)
            let load = try Command.run("feed-cache", ["image", "load", url], environment: ["FEED_CACHE_DIR": cache])
            XCTAssertEqual(load.status, 74, "\(what): \(load.err)")
            XCTAssertEqual(load.lastErrorKind, "retrieval", what)
            XCTAssertEqual(load.errLines.count, 1, what)
            XCTAssertEqual(load.outLines.count, 1, "\(what): the error record, and no image bytes, on stdout")
            XCTAssertSameTree(tree(cache), before, "\(what): image load changed the cache")
        }
        XCTAssertEqual(try Command.run("feed-cache", ["image", "save"], stdin: imageRecord(url: url, body: data), environment: ["FEED_CACHE_DIR": cache]).status, 0)
        XCTAssertEqual(try Command.run("feed-cache", ["image", "load", url], environment: ["FEED_CACHE_DIR": cache]).stdout, data)
    }

    // MARK: Helpers

    /// A cache with the feed and the image data of its first URL.
    private func seededCache() throws -> String {
        let cache = makeTemporaryDirectory(self) + "/cache"
        let env = ["FEED_CACHE_DIR": cache]
        XCTAssertEqual(try Command.run("feed-cache", ["save", "-q"], stdinBytes: feed, environment: env).status, 0)
        let url = "https://images.example/c.png"
        XCTAssertEqual(try Command.run("feed-cache", ["image", "save"], stdin: imageRecord(url: url, body: imageBytes(for: url, count: 5_000)),
                                       environment: env).status, 0)
        return cache
    }

    private func expectRetrievalErrorLeavingTheCache(_ cache: String, _ what: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let before = tree(cache)
        for format in [[], ["--pretty"], ["--format", "text"]] {
            let load = try Command.run("feed-cache", ["load"] + format, environment: ["FEED_CACHE_DIR": cache], timeout: 20)
            XCTAssertEqual(load.status, 74, "\(what) \(format): \(load.out) \(load.err)", file: file, line: line)
            // Text is for people: no error record there, the stderr line says it.
            XCTAssertEqual(load.lastErrorKind, format.contains("text") ? nil : "retrieval", "\(what) \(format)", file: file, line: line)
            XCTAssertEqual(load.errLines.count, 1, "\(what) \(format): \(load.err)", file: file, line: line)
            XCTAssertFalse(load.out.contains("\"items\""), "\(what) \(format): no feed on stdout", file: file, line: line)
        }
        XCTAssertSameTree(tree(cache), before, "\(what): load changed the cache", file: file, line: line)
    }

    private func expectValidateDeletesTheFeedAndASaveWorks(_ cache: String, _ what: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let validate = try Command.run("feed-cache", ["validate"], environment: ["FEED_CACHE_DIR": cache], timeout: 20)
        XCTAssertEqual(validate.status, 0, "\(what): \(validate.err)", file: file, line: line)
        XCTAssertEqual(validate.out + validate.err, "", what, file: file, line: line)
        var info = stat()
        XCTAssertNotEqual(lstat(cache + "/feed", &info), 0, "\(what): validate deletes it", file: file, line: line)
        XCTAssertEqual(directoryEntries(cache + "/images"), [], "\(what): and its image data", file: file, line: line)
        XCTAssertEqual(try Command.run("feed-cache", ["load"], environment: ["FEED_CACHE_DIR": cache]).status, 66, what, file: file, line: line)

        let save = try Command.run("feed-cache", ["save", "-q"], stdinBytes: feed, environment: ["FEED_CACHE_DIR": cache])
        XCTAssertEqual(save.status, 0, "\(what): \(save.err)", file: file, line: line)
        XCTAssertEqual(try Command.run("feed-cache", ["load"], environment: ["FEED_CACHE_DIR": cache]).stdout, feed + [0x0A], what, file: file, line: line)
    }
}
