import Foundation
import XCTest

/// Image keys are URLs from the network: `..`, encoded slashes, paths that
/// name system files, 5,000 and 100,000 characters, unicode. Each one's image
/// data round-trips exactly through `image save` and `image load`, and no file
/// is created outside the cache directory, nor any but the cache's own inside it.
final class HostileURLTests: XCTestCase {
    private let hostile: [String] = [
        "https://h/../../etc/passwd",
        "https://h/a/../../../../../../../../tmp/escaped",
        "https://h/%2F..%2F..%2Fetc%2Fpasswd",
        "https://h/..%2f..%2f..%2fescaped",
        "https://h/%2e%2e/%2e%2e/escaped",
        "https://h/%00/../x",
        "https://h/./././.",
        "https://h/..",
        "https://h//absolute//path",
        "https://../../escaped",
        "file://h/../../etc/shadow",
        "https://h/back\\slash\\..\\..\\x",
        "https://h/q?x=1&y=../../z#../../w",
        "https://h/" + String(repeating: "a", count: 5_000),
        "https://h/" + String(repeating: "../", count: 1_700),
        "https://h/" + String(repeating: "é/", count: 30_000),
        "https://例え.jp/画像/ファイル?名前=値#断片",
        "https://h/emoji/🙂🙃/\u{202E}gpj.exe",
        "https://h/combining/e\u{301}",
        "https://h/combining/\u{E9}",
        "https://h/CASE",
        "https://h/case",
        "HTTPS://H/CASE",
        "https://h/trailing/",
        "https://h/trailing",
    ]

    func test_imageSaveAndLoad_roundTripEveryHostileURLExactly_andWriteNothingOutsideTheCache() throws {
        let root = makeTemporaryDirectory(self)
        let cache = root + "/cache"
        let outsideBefore = tree(root)
        let data = hostile.map { imageBytes(for: $0, count: 2_000) }

        let records = zip(hostile, data).map { imageRecord(url: $0, body: $1) }.joined(separator: "\n")
        let saved = try Command.run("feed-cache", ["image", "save"], stdin: records, environment: ["FEED_CACHE_DIR": cache])
        XCTAssertEqual(saved.status, 0, saved.err)

        for (url, bytes) in zip(hostile, data) {
            let load = try Command.run("feed-cache", ["image", "load", url], environment: ["FEED_CACHE_DIR": cache])
            XCTAssertEqual(load.status, 0, "\(url.prefix(80)): \(load.err)")
            XCTAssertEqual(load.stdout, bytes, "\(url.prefix(80)): the data of another URL, or none")
        }
        XCTAssertEqual(try Command.run("feed-cache", ["image", "load", "https://h/combining/e"], environment: ["FEED_CACHE_DIR": cache]).status, 66)

        try expectOnlyTheCachesOwnFiles(root: root, outsideBefore: outsideBefore, images: hostile.count)
    }

    func test_aFeedOfHostileURLs_savesAndLoadsAsGiven_andKeepsExactlyTheImageDataOfItsURLs() throws {
        let root = makeTemporaryDirectory(self)
        let cache = root + "/cache"
        let outsideBefore = tree(root)
        let env = ["FEED_CACHE_DIR": cache]
        let absolute = hostile
        let items = absolute.enumerated().map { index, url -> [String: Any] in
            ["id": "2AB2AE66-A4B7-4A16-B374-\(hex(index, 12))", "url": url]
        }
        let feed = feedPayload(items)
        let saved = try Command.run("feed-cache", ["save"], stdin: feed, environment: env)
        XCTAssertEqual(saved.status, 0, saved.err)
        let load = try Command.run("feed-cache", ["load"], environment: env)
        XCTAssertEqual(load.stdout, saved.stdout, "load gives what save stored")
        let urls = try XCTUnwrap((try JSONSerialization.jsonObject(with: Data(load.stdout)) as? [String: Any])?["items"] as? [[String: Any]]).map { $0["url"] as? String }
        XCTAssertEqual(urls, absolute, "every URL as given")

        let records = absolute.map { imageRecord(url: $0, body: imageBytes(for: $0, count: 100)) }.joined(separator: "\n")
        XCTAssertEqual(try Command.run("feed-cache", ["image", "save"], stdin: records, environment: env).status, 0)

        // A feed with every other URL, and both URLs that differ only in
        // Unicode normalisation (equal as Swift Strings, two keys in the cache),
        // keeps exactly those URLs' image data.
        let kept = absolute.indices.filter { $0 % 2 == 0 || absolute[$0].contains("combining") }
        let smaller = feedPayload(kept.map { items[$0] })
        XCTAssertEqual(try Command.run("feed-cache", ["save", "-q"], stdin: smaller, environment: env).status, 0)
        for (index, url) in absolute.enumerated() {
            let image = try Command.run("feed-cache", ["image", "load", url], environment: env)
            if kept.contains(index) {
                XCTAssertEqual(image.stdout, imageBytes(for: url, count: 100), String(url.prefix(80)))
            } else {
                XCTAssertEqual(image.status, 66, String(url.prefix(80)))
            }
        }
        try expectOnlyTheCachesOwnFiles(root: root, outsideBefore: outsideBefore, images: kept.count)
    }

    // MARK: Helpers

    /// Outside the cache nothing changed; inside there is the feed, the lock
    /// and the images directory, holding only files named by 64 hex digits.
    private func expectOnlyTheCachesOwnFiles(root: String, outsideBefore: [String: String], images: Int,
                                             file: StaticString = #filePath, line: UInt = #line) throws {
        let all = tree(root)
        XCTAssertSameTree(all.filter { !$0.key.hasPrefix("cache") }, outsideBefore, "outside the cache", file: file, line: line)
        let inside = Set(all.keys.filter { $0.hasPrefix("cache/") && !$0.hasPrefix("cache/images/") })
        XCTAssertTrue(inside.isSubset(of: ["cache/feed", "cache/.lock", "cache/CACHEDIR.TAG", "cache/images", "cache/refresh"]), "\(inside.sorted())", file: file, line: line)
        let names = all.keys.filter { $0.hasPrefix("cache/images/") }.map { String($0.dropFirst("cache/images/".count)) }
        XCTAssertEqual(names.count, images, file: file, line: line)
        for name in names {
            XCTAssertTrue(name.count == 64 && name.allSatisfy { $0.isHexDigit && !$0.isUppercase }, "a URL became a path: \(name.prefix(80))", file: file, line: line)
            XCTAssertTrue(all["cache/images/" + name]?.hasPrefix("file 600 ") ?? false, name, file: file, line: line)
        }
    }
}
