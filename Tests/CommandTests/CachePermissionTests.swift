import Foundation
import XCTest
import FeedPlatform

/// The cache's files are its own: 0600 in a 0700 directory whatever the umask,
/// and a symbolic link planted in it (at `feed`, `images`, an image file or
/// `.lock`) is never followed to write, delete or create anything elsewhere:
/// what it points to stays exactly as it was. (The modes of a new cache are
/// in FeedCacheEndToEndTests.)
final class CachePermissionTests: XCTestCase {
    private let url = "https://images.example/p.png"
    private lazy var feed = generatedFeed(items: 2, tag: 0x9E, including: [url])
    private let otherFeed = generatedFeed(items: 2, tag: 0x9F)

    func test_aLinkAtTheFeed_isNeverFollowed() throws {
        let (root, cache, target) = try setUpCacheAndTarget()
        let outside = tree(root + "/outside")
        try removeEntry(cache + "/feed")
        XCTAssertEqual(symlink(target, cache + "/feed"), 0)

        let load = try run(["load"], cache)
        XCTAssertEqual(load.status, 74, load.err)
        XCTAssertEqual(load.lastErrorKind, "retrieval")
        XCTAssertSameTree(tree(root + "/outside"), outside, "load")

        let validate = try run(["validate"], cache)
        XCTAssertEqual(validate.status, 0, validate.err)
        XCTAssertNil(fileType(cache + "/feed"), "validate removes the link itself")
        XCTAssertSameTree(tree(root + "/outside"), outside, "validate")

        XCTAssertEqual(symlink(target, cache + "/feed"), 0)
        let save = try run(["save", "-q"], cache, stdin: otherFeed)
        XCTAssertEqual(save.status, 0, save.err)
        XCTAssertEqual(fileType(cache + "/feed"), S_IFREG, "save replaces the link, not what it points to")
        XCTAssertEqual(fileMode(cache + "/feed"), 0o600)
        XCTAssertEqual(try run(["load"], cache).stdout, otherFeed + [0x0A])
        XCTAssertSameTree(tree(root + "/outside"), outside, "save")
    }

    func test_aLinkAtTheImagesDirectory_isNeverFollowed() throws {
        let (root, cache, _) = try setUpCacheAndTarget()
        // Outside: a directory holding a file named as the URL's image would be.
        let victimDirectory = root + "/outside/images"
        try FileManager.default.createDirectory(atPath: victimDirectory, withIntermediateDirectories: true)
        let name = directoryEntries(cache + "/images").first ?? "?"
        try writeFile(victimDirectory + "/" + name, Array("not the cache's".utf8))
        try writeFile(victimDirectory + "/unrelated", Array("not the cache's either".utf8))
        try removeEntry(cache + "/images")
        XCTAssertEqual(symlink(victimDirectory, cache + "/images"), 0)
        let outside = tree(root + "/outside")

        let imageLoad = try run(["image", "load", url], cache)
        XCTAssertEqual(imageLoad.status, 74, "the link is no images directory of the cache: \(imageLoad.err)")
        XCTAssertEqual(imageLoad.lastErrorKind, "retrieval")
        XCTAssertSameTree(tree(root + "/outside"), outside, "image load")

        // Writers remove the link itself (never what it points to), and go on.
        for (arguments, input) in [(["save", "-q"], otherFeed), (["image", "save"], Array(imageRecord(url: url, body: [1, 2, 3]).utf8)),
                                   (["validate", "--max-age", "0s"], [])] {
            try removeEntry(cache + "/images")
            XCTAssertEqual(symlink(victimDirectory, cache + "/images"), 0)
            let result = try run(arguments, cache, stdin: input)
            XCTAssertEqual(result.status, 0, "\(arguments): \(result.err)")
            XCTAssertNotEqual(fileType(cache + "/images"), S_IFLNK, "\(arguments): the link is gone")
            XCTAssertSameTree(tree(root + "/outside"), outside, "\(arguments)")
        }
        XCTAssertEqual(try run(["image", "save"], cache, stdin: Array(imageRecord(url: url, body: [1, 2, 3]).utf8)).status, 0)
        XCTAssertEqual(try run(["image", "load", url], cache).stdout, [1, 2, 3])
        XCTAssertEqual(fileMode(cache + "/images"), 0o700)
        XCTAssertSameTree(tree(root + "/outside"), outside, "at the end")
    }

    func test_aLinkAtAnImageFile_isNeverFollowed() throws {
        let (root, cache, target) = try setUpCacheAndTarget()
        let image = cache + "/images/" + (directoryEntries(cache + "/images").first ?? "?")
        try removeEntry(image)
        XCTAssertEqual(symlink(target, image), 0)
        let outside = tree(root + "/outside")

        let load = try run(["image", "load", url], cache)
        XCTAssertEqual(load.status, 74, load.err)
        XCTAssertEqual(load.lastErrorKind, "retrieval")
        XCTAssertSameTree(tree(root + "/outside"), outside, "image load")

        let save = try run(["image", "save"], cache, stdin: Array(imageRecord(url: url, body: [4, 5, 6]).utf8))
        XCTAssertEqual(save.status, 0, save.err)
        XCTAssertEqual(fileType(image), S_IFREG, "image save replaces the link, not what it points to")
        XCTAssertEqual(fileMode(image), 0o600)
        XCTAssertEqual(try run(["image", "load", url], cache).stdout, [4, 5, 6])
        XCTAssertSameTree(tree(root + "/outside"), outside, "image save")

        // Pruning removes a link, never what it points to.
        try removeEntry(image)
        XCTAssertEqual(symlink(target, image), 0)
        XCTAssertEqual(try run(["save", "-q"], cache, stdin: otherFeed).status, 0)
        XCTAssertNil(fileType(image))
        XCTAssertSameTree(tree(root + "/outside"), outside, "save")

        XCTAssertEqual(symlink(target, image), 0)
        XCTAssertEqual(try run(["validate", "--max-age", "0s"], cache).status, 0)
        XCTAssertNil(fileType(image))
        XCTAssertSameTree(tree(root + "/outside"), outside, "validate")
    }

    func test_aLinkAtTheLock_isNeverFollowed_toAFileOrToNothing() throws {
        for dangling in [false, true] {
            let (root, cache, target) = try setUpCacheAndTarget()
            let pointee = dangling ? root + "/outside/created-through-the-link" : target
            try removeEntry(cache + "/.lock")
            XCTAssertEqual(symlink(pointee, cache + "/.lock"), 0)
            let outside = tree(root + "/outside")
            let before = tree(cache)

            // Writers need the lock; they refuse the link, and change nothing.
            for (arguments, input, kind) in [(["save"], otherFeed, "saving"),
                                             (["image", "save"], Array(imageRecord(url: url, body: [7]).utf8), "saving"),
                                             (["validate", "--max-age", "0s"], [], "deletion")] {
                let result = try run(arguments, cache, stdin: input)
                XCTAssertEqual(result.status, 74, "\(arguments), dangling \(dangling): \(result.err)")
                XCTAssertEqual(result.lastErrorKind, kind, "\(arguments)")
                XCTAssertSameTree(tree(root + "/outside"), outside, "\(arguments), dangling \(dangling)")
                XCTAssertSameTree(tree(cache), before, "\(arguments), dangling \(dangling): the cache")
            }
            // Readers take no lock.
            XCTAssertEqual(try run(["load"], cache).stdout, feed + [0x0A])
            XCTAssertFalse(FileManager.default.fileExists(atPath: root + "/outside/created-through-the-link"))
        }
    }

    func test_everyFileIs0600AndEveryDirectory0700_whateverTheUmask_alsoWhenReplacingLooserFiles() throws {
        for mask in ["000", "002", "022", "077"] {
            let cache = makeTemporaryDirectory(self) + "/cache"
            let env = ["FEED_CACHE_DIR": cache]
            let script = "umask \(mask) && feed-cache save -q && printf '%s\\n' \(shellQuote(imageRecord(url: url, body: [1]))) | feed-cache image save"
            XCTAssertEqual(try Command.sh(script, stdin: String(decoding: feed, as: UTF8.self), environment: env).status, 0, mask)
            let image = cache + "/images/" + (directoryEntries(cache + "/images").first ?? "?")
            // Files someone loosened are replaced by files of the cache's own mode.
            chmod(cache + "/feed", 0o666)
            chmod(image, 0o644)
            let again = "umask \(mask) && feed-cache save -q && printf '%s\\n' \(shellQuote(imageRecord(url: url, body: [2]))) | feed-cache image save"
            XCTAssertEqual(try Command.sh(again, stdin: String(decoding: feed, as: UTF8.self), environment: env).status, 0, mask)

            for (path, kind) in tree(cache) {
                let expected = kind.hasPrefix("dir") ? "dir 700" : "file 600"
                XCTAssertTrue(kind.hasPrefix(expected), "umask \(mask): \(path) is \(kind)")
            }
            XCTAssertEqual(fileMode(cache), 0o700, "umask \(mask)")
            XCTAssertNotNil(tree(cache)[".lock"], "the lock file is there, and 0600")
        }
    }

    // MARK: Helpers

    /// A cache with the feed and its image, and an outside file to aim links at.
    private func setUpCacheAndTarget() throws -> (root: String, cache: String, target: String) {
        let root = makeTemporaryDirectory(self)
        let cache = root + "/cache"
        try FileManager.default.createDirectory(atPath: root + "/outside", withIntermediateDirectories: true)
        let target = root + "/outside/precious"
        try writeFile(target, Array("precious bytes".utf8))
        XCTAssertEqual(try run(["save", "-q"], cache, stdin: feed).status, 0)
        XCTAssertEqual(try run(["image", "save"], cache, stdin: Array(imageRecord(url: url, body: [9, 9]).utf8)).status, 0)
        return (root, cache, target)
    }

    private func run(_ arguments: [String], _ cache: String, stdin: [UInt8] = []) throws -> CommandResult {
        try Command.run("feed-cache", arguments, stdinBytes: stdin, environment: ["FEED_CACHE_DIR": cache])
    }

    /// Removes a link or file itself (never what a link points to), or a directory and all in it.
    private func removeEntry(_ path: String) throws {
        if fileType(path) == S_IFDIR {
            try FileManager.default.removeItem(atPath: path)
        } else if fileType(path) != nil {
            XCTAssertEqual(unlink(path), 0, path)
        }
    }

    private func fileType(_ path: String) -> mode_t? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return info.st_mode & S_IFMT
    }
}
