import Foundation
import XCTest
import FeedPlatform
import FeedTestSupport

/// The cache folder is the cache's only when it says so: a new one carries
/// CACHEDIR.TAG, a writer refuses a folder that is neither empty, tagged nor a
/// cache of an earlier version, and removes only the cache's own files,
/// never a folder. Every command refuses a folder others own or can write,
/// judged where a symbolic link to it leads. (The lock's wait is in
/// CacheLockWaitTests.)
final class CacheFolderOwnershipTests: XCTestCase {
    private let url = "https://images.example/own.png"
    private lazy var feed = generatedFeed(items: 2, tag: 0xA1, including: [url])
    private let otherFeed = generatedFeed(items: 2, tag: 0xA2)
    private let signature = "Signature: 8a477f597d28d172789f06886806bc55"

    // MARK: The cache owns only what it made

    func test_save_intoAProjectFolder_isRefused_andEveryFileInItStays() throws {
        let proj = makeTemporaryDirectory(self) + "/proj"
        try FileManager.default.createDirectory(atPath: proj + "/feed", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: proj + "/images", withIntermediateDirectories: true)
        try writeFile(proj + "/feed/feed.go", Array("package feed\n".utf8))
        try writeFile(proj + "/images/logo.png", Array("PNG\n".utf8))
        let before = tree(proj)

        for (arguments, input, kind) in writers() {
            let result = try run(arguments, proj, stdin: input)
            XCTAssertEqual(result.status, 74, "\(arguments): \(result.err)")
            XCTAssertEqual(result.lastErrorKind, kind, "\(arguments)")
            XCTAssertEqual(result.errLines.count, 1, "\(arguments): \(result.err)")
            XCTAssertTrue(result.err.contains("\(proj) is not a cache") && result.err.contains("CACHEDIR.TAG")
                          && result.err.contains("give --cache-dir an empty or new folder"), result.err)
            XCTAssertSameTree(tree(proj), before, "\(arguments): nothing made, changed or removed (no .lock either)")
        }
        XCTAssertEqual(try String(contentsOfFile: proj + "/feed/feed.go", encoding: .utf8), "package feed\n")
        XCTAssertEqual(try String(contentsOfFile: proj + "/images/logo.png", encoding: .utf8), "PNG\n")
    }

    func test_validate_onAFolderWhoseFeedIsTheUsersFile_deletesNothing() throws {
        for withImages in [false, true] {
            let folder = makeTemporaryDirectory(self) + "/notes"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try writeFile(folder + "/feed", Array("my reading list\n".utf8))
            if withImages {
                try FileManager.default.createDirectory(atPath: folder + "/images", withIntermediateDirectories: true)
                try writeFile(folder + "/images/" + String(repeating: "ab", count: 32), Array("a photo".utf8))
            }
            let before = tree(folder)

            let validate = try run(["validate", "--max-age", "0s"], folder)

            XCTAssertEqual(validate.status, 74, "images \(withImages): \(validate.err)")
            XCTAssertEqual(validate.lastErrorKind, "deletion")
            XCTAssertTrue(validate.err.contains("\(folder) is not a cache: it holds feed"), validate.err)
            XCTAssertSameTree(tree(folder), before, "images \(withImages)")
        }
    }

    func test_aNewCache_andAnEmptyFolder_areTaggedAsCaches() throws {
        let root = makeTemporaryDirectory(self)
        for (index, (arguments, input, _)) in writers().enumerated() {
            let empty = root + "/empty-\(index)"
            XCTAssertEqual(mkdir(empty, 0o700), 0)
            // validate with no feed to delete writes nothing: it makes no cache, and tags none.
            guard arguments[0] != "validate" else {
                XCTAssertEqual(try run(arguments, empty, stdin: input).status, 0)
                XCTAssertEqual(directoryEntries(empty), [])
                continue
            }
            for cache in [empty, root + "/new-\(index)"] {
                let result = try run(arguments, cache, stdin: input)
                XCTAssertEqual(result.status, 0, "\(arguments) \(cache): \(result.err)")
                let tag = (try? String(contentsOfFile: cache + "/CACHEDIR.TAG", encoding: .utf8)) ?? ""
                let lines = tag.split(separator: "\n", omittingEmptySubsequences: false)
                XCTAssertEqual(lines.first.map(String.init), signature, "\(arguments) \(cache): \(tag)")
                XCTAssertTrue(lines.count == 3 && lines[1].hasPrefix("# ") && lines[1].contains("essential-feed") && lines[2].isEmpty,
                              "a comment line naming the toolset: \(tag)")
                XCTAssertEqual(fileMode(cache + "/CACHEDIR.TAG"), 0o600)
            }
        }
        XCTAssertEqual(try run(["validate"], root + "/never").status, 0)
        XCTAssertFalse(FileManager.default.fileExists(atPath: root + "/never"))
    }

    func test_anUntaggedCacheOfAnEarlierVersion_isTaggedAndUsed() throws {
        // One this version wrote, its tag taken away, and a dead writer's leftovers in it.
        let cache = try seededCache()
        XCTAssertEqual(unlink(cache + "/CACHEDIR.TAG"), 0)
        let image = directoryEntries(cache + "/images").first ?? "?"
        try writeFile(cache + "/.tmp-feed-123-456", Array("half a feed".utf8))
        try writeFile(cache + "/images/.tmp-\(image)-123-456", Array("half an image".utf8))

        let save = try run(["save", "-q"], cache, stdin: feed)

        XCTAssertEqual(save.status, 0, save.err)
        XCTAssertTrue(try String(contentsOfFile: cache + "/CACHEDIR.TAG", encoding: .utf8).hasPrefix(signature + "\n"))
        XCTAssertEqual(try run(["load"], cache).stdout, feed + [0x0A])
        XCTAssertEqual(try run(["image", "load", url], cache).stdout, [9, 9])
        XCTAssertEqual(leftoverTemporaries(cache), [])

        // A cache of format 1 (Fixtures/cache-version-1), as an older version left it.
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/cache-version-1").path
        let old = makeTemporaryDirectory(self) + "/old"
        try FileManager.default.copyItem(atPath: fixture, toPath: old)
        let imageSave = try run(["image", "save"], old, stdin: Array(imageRecord(url: "https://images.example/2.jpg", body: [2]).utf8))
        XCTAssertEqual(imageSave.status, 0, imageSave.err)
        XCTAssertTrue(try String(contentsOfFile: old + "/CACHEDIR.TAG", encoding: .utf8).hasPrefix(signature + "\n"))
        XCTAssertEqual(try run(["image", "load", "https://images.example/1.jpg"], old).out, "JPEG-BYTES-1")
        XCTAssertEqual(try run(["image", "load", "https://images.example/2.jpg"], old).stdout, [2])
    }

    func test_aTaggedCache_removesOnlyItsOwnFiles_neverAFolderOrAStrangersFile() throws {
        let cache = try seededCache()
        let image = directoryEntries(cache + "/images").first ?? "?"
        try writeFile(cache + "/notes.txt", Array("mine".utf8))
        try writeFile(cache + "/images/logo.png", Array("PNG".utf8))
        try writeFile(cache + "/images/.tmp-notes", Array("mine too".utf8))
        try FileManager.default.createDirectory(atPath: cache + "/images/album", withIntermediateDirectories: true)
        try writeFile(cache + "/images/album/photo", Array("photo".utf8))
        let strangers = ["notes.txt", "images/logo.png", "images/.tmp-notes", "images/album", "images/album/photo"]
        let before = tree(cache)

        // A feed without the image's URL drops its image file, and only that.
        XCTAssertEqual(try run(["save", "-q"], cache, stdin: otherFeed).status, 0)
        XCTAssertFalse(FileManager.default.fileExists(atPath: cache + "/images/" + image))
        XCTAssertEqual(try run(["image", "save"], cache, stdin: Array(imageRecord(url: url, body: [3]).utf8)).status, 0)
        XCTAssertEqual(try run(["validate", "--max-age", "0s"], cache).status, 0)
        XCTAssertFalse(FileManager.default.fileExists(atPath: cache + "/feed"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: cache + "/images/" + image))

        let after = tree(cache)
        for path in strangers { XCTAssertEqual(after[path], before[path], path) }
    }

    func test_aFileInPlaceOfImages_isNotTheCaches_andWritersThatNeedTheFolderSaySo() throws {
        let cache = try seededCache()
        try FileManager.default.removeItem(atPath: cache + "/images")
        try writeFile(cache + "/images", Array("a list of my images".utf8))
        let before = tree(cache)

        for (arguments, input) in [(["save"], otherFeed), (["image", "save"], Array(imageRecord(url: url, body: [6]).utf8))] {
            let result = try run(arguments, cache, stdin: input)
            XCTAssertEqual(result.status, 74, "\(arguments): \(result.err)")
            XCTAssertEqual(result.lastErrorKind, "saving", "\(arguments)")
            XCTAssertTrue(result.err.contains("\(cache)/images is not a folder, and not the cache's: move it out of \(cache)"), result.err)
            XCTAssertSameTree(tree(cache), before, "\(arguments): the file stays, and so does the old feed")
        }
    }

    // MARK: Trust only a private folder

    func test_aFolderOthersCanWrite_isRefusedByEveryCommand_untilChmod700() throws {
        for mode: mode_t in [0o770, 0o707, 0o777, 0o720, 0o702] {
            let cache = try seededCache()
            XCTAssertEqual(chmod(cache, mode), 0)
            let before = tree(cache)

            for (arguments, input, kind) in readers() + writers() {
                let result = try run(arguments, cache, stdin: input)
                XCTAssertEqual(result.status, 74, "\(String(mode, radix: 8)) \(arguments): \(result.err)")
                XCTAssertEqual(result.lastErrorKind, kind, "\(String(mode, radix: 8)) \(arguments)")
                XCTAssertEqual(result.errLines.count, 1, result.err)
                XCTAssertTrue(result.err.contains("\(cache) can be written by") && result.err.contains("(mode \(String(mode, radix: 8)))")
                              && result.err.contains("chmod 700 \(cache)"), result.err)
            }
            XCTAssertSameTree(tree(cache), before, "mode \(String(mode, radix: 8))")

            XCTAssertEqual(chmod(cache, 0o700), 0)
            XCTAssertEqual(try run(["load"], cache).stdout, feed + [0x0A], "the fix works")
        }
    }

    func test_aFolderAnotherUserOwns_isRefusedByEveryCommand_taggedOrNot() throws {
        try XCTSkipUnless(geteuid() == 0, "only root can give a folder to another user")
        for tagged in [true, false] {
            let cache = try seededCache()
            if !tagged { XCTAssertEqual(unlink(cache + "/CACHEDIR.TAG"), 0) }
            XCTAssertEqual(chown(cache, 65534, 65534), 0)
            let before = tree(cache)

            for (arguments, input, kind) in readers() + writers() {
                let result = try run(arguments, cache, stdin: input)
                XCTAssertEqual(result.status, 74, "tagged \(tagged) \(arguments): \(result.err)")
                XCTAssertEqual(result.lastErrorKind, kind, "\(arguments)")
                XCTAssertTrue(result.err.contains("\(cache) belongs to user 65534") && result.err.contains("chown 0 \(cache)"), result.err)
            }
            XCTAssertSameTree(tree(cache), before, "tagged \(tagged)")
        }
    }

    func test_aLinkToTheFolder_isFollowed_andTheFolderItLeadsToIsJudged() throws {
        let root = makeTemporaryDirectory(self)
        let cache = try seededCache()
        let link = root + "/link"
        XCTAssertEqual(symlink(cache, link), 0)

        XCTAssertEqual(try run(["save", "-q"], link, stdin: otherFeed).status, 0)
        XCTAssertEqual(try run(["load"], link).stdout, otherFeed + [0x0A])
        XCTAssertEqual(try run(["load"], cache).stdout, otherFeed + [0x0A], "saved where the link leads")

        // The link's own mode (0777 on Linux) is not what counts: the folder's is.
        XCTAssertEqual(chmod(cache, 0o777), 0)
        for (arguments, input, kind) in readers() + writers() {
            let result = try run(arguments, link, stdin: input)
            XCTAssertEqual(result.status, 74, "\(arguments): \(result.err)")
            XCTAssertEqual(result.lastErrorKind, kind, "\(arguments)")
            XCTAssertTrue(result.err.contains("chmod 700 \(link)"), result.err)
        }
        XCTAssertEqual(chmod(cache, 0o700), 0)
        if geteuid() == 0 {
            XCTAssertEqual(chown(cache, 65534, 65534), 0)
            let load = try run(["load"], link)
            XCTAssertEqual(load.status, 74, load.err)
            XCTAssertTrue(load.err.contains("belongs to user 65534"), load.err)
        }
    }

    func test_aMissingFolder_isStillNoCachedFeedForAReader() throws {
        let missing = makeTemporaryDirectory(self) + "/missing"
        let load = try run(["load"], missing)
        XCTAssertEqual(load.status, 66, load.err)
        XCTAssertEqual(load.lastErrorKind, "not-found")
        XCTAssertFalse(FileManager.default.fileExists(atPath: missing))
    }

    // MARK: Helpers

    /// Each command that reads the cache, with the error kind it reports.
    private func readers() -> [([String], [UInt8], String)] {
        [(["load"], [], "retrieval"), (["image", "load", url], [], "retrieval"), (["image", "missing"], [], "retrieval")]
    }

    /// Each command that writes the cache, its input, and the error kind it
    /// reports (`save` without `-q`, which writes no error record).
    private func writers() -> [([String], [UInt8], String)] {
        [(["save"], otherFeed, "saving"), (["save", "--append"], otherFeed, "saving"),
         (["image", "save"], Array(imageRecord(url: url, body: [5]).utf8), "saving"), (["validate", "--max-age", "0s"], [], "deletion")]
    }

    /// A tagged cache with the feed and its first image.
    private func seededCache() throws -> String {
        let cache = makeTemporaryDirectory(self) + "/cache"
        XCTAssertEqual(try run(["save", "-q"], cache, stdin: feed).status, 0)
        XCTAssertEqual(try run(["image", "save"], cache, stdin: Array(imageRecord(url: url, body: [9, 9]).utf8)).status, 0)
        return cache
    }

    private func run(_ arguments: [String], _ cache: String, stdin: [UInt8] = []) throws -> CommandResult {
        try Command.run("feed-cache", arguments, stdinBytes: stdin, environment: ["FEED_CACHE_DIR": cache])
    }
}
