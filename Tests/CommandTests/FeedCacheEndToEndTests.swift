import Foundation
import LoopbackHTTP
import XCTest
import FeedPlatform

/// feed-cache's subcommands as real processes on real directories.
final class FeedCacheEndToEndTests: XCTestCase {
    private let feedA = "{\"items\":[{\"id\":\"2ab2ae66-a4b7-4a16-b374-51bbac8db086\",\"description\":\"kept as given\",\"url\":\"https://h/a\",\"likes\":12,\"extra\":{\"nested\":[1,2.50,null,true]}}]}"
    private let feedB = "{\"items\":[{\"id\":\"73A7F70C-75DA-4C2E-B5A3-EED40DC53AA6\",\"url\":\"https://h/b\"}]}"

    func test_save_writesTheSameDocumentAndLoadReturnsItemsAsSaved() throws {
        let env = try cacheEnvironment()
        let saved = try Command.run("feed-cache", ["save"], stdin: feedA, environment: env)
        XCTAssertEqual(saved.status, 0, saved.err)
        XCTAssertEqual(saved.out, feedA + "\n")
        XCTAssertEqual(saved.err, "")

        let loaded = try Command.run("feed-cache", ["load"], environment: env)
        XCTAssertEqual(loaded.status, 0, loaded.err)
        XCTAssertEqual(loaded.out, feedA + "\n", "same keys, order, values, and ids as given")
    }

    func test_save_quietWritesNothing() throws {
        let env = try cacheEnvironment()
        let result = try Command.run("feed-cache", ["save", "-q"], stdin: feedA, environment: env)
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(result.out + result.err, "")
        XCTAssertEqual(try Command.run("feed-cache", ["load"], environment: env).out, feedA + "\n")
    }

    func test_save_replacesThePreviousFeed() throws {
        let env = try cacheEnvironment()
        XCTAssertEqual(try Command.run("feed-cache", ["save", "-q"], stdin: feedA, environment: env).status, 0)
        XCTAssertEqual(try Command.run("feed-cache", ["save", "-q"], stdin: feedB, environment: env).status, 0)
        XCTAssertEqual(try Command.run("feed-cache", ["load"], environment: env).out, feedB + "\n")
    }

    func test_save_leavesTheCacheByteForByteOnBadInput() throws {
        let env = try cacheEnvironment()
        XCTAssertEqual(try Command.run("feed-cache", ["save", "-q"], stdin: feedA, environment: env).status, 0)
        let before = try snapshotOfFeed(env["FEED_CACHE_DIR"] ?? "")
        let cases: [(input: String, code: Int32)] = [
            ("", 66),
            ("   \n", 66),
            ("{\"items\":[{\"id\":\"not-a-uuid\",\"url\":\"https://h/x\"}]}", 65),
            ("{\"items\":[{\"id\":\"2ab2ae66-a4b7-4a16-b374-51bbac8db086\",\"url\":\"/relative\"}]}", 65),
            ("{\"items\":[{\"id\":\"2ab2ae66-a4b7-4a16-b374-51bbac8db086\"}]}", 65),
            ("{\"items\":{}}", 65),
            ("{\"items\":[", 65),
            ("[]", 65),
            (feedA + "\n{\"items\":[", 65), // a good page, then a broken one: all or nothing
            ("{\"url\":\"https://h/feed\",\"status\":200,\"headers\":{},\"body\":\"{}\"}", 65),
            ("{\"url\":\"https://h/feed\",\"error\":{\"kind\":\"connectivity\",\"message\":\"refused\"}}", 69),
            ("{\"error\":{\"kind\":\"expired\",\"message\":\"old\"}}", 66),
            ("\u{00}\u{FF}garbage", 65),
        ]
        for (input, code) in cases {
            let result = try Command.run("feed-cache", ["save"], stdin: input, environment: env)
            XCTAssertEqual(result.status, code, input)
            XCTAssertFalse(result.signaled, input)
            XCTAssertFalse(result.out.contains("\"items\""), "no feed on stdout for \(input)")
            XCTAssertLessThanOrEqual(result.errLines.count, 1, input)
            XCTAssertEqual(try snapshotOfFeed(env["FEED_CACHE_DIR"] ?? ""), before, "cache changed by \(input)")
        }
    }

    func test_save_passesOnAnErrorRecordSilently() throws {
        let env = try cacheEnvironment()
        let record = "{\"url\":\"https://h/feed\",\"error\":{\"kind\":\"connectivity\",\"message\":\"refused\"}}\n"
        let result = try Command.run("feed-cache", ["save"], stdin: record, environment: env)
        XCTAssertEqual(result.status, 69)
        XCTAssertEqual(result.err, "")
        XCTAssertEqual(result.out, record)
    }

    func test_load_andImageLoad_neverChangeTheCache() throws {
        let env = try cacheEnvironment()
        XCTAssertEqual(try Command.run("feed-cache", ["save", "-q"], stdin: feedA, environment: env).status, 0)
        let imageRecord = "{\"url\":\"https://h/a\",\"status\":200,\"headers\":{},\"body\":\"data\"}"
        XCTAssertEqual(try Command.run("feed-cache", ["image", "save"], stdin: imageRecord, environment: env).status, 0)
        let before = try snapshot(env["FEED_CACHE_DIR"] ?? "")

        XCTAssertEqual(try Command.run("feed-cache", ["load"], environment: env).status, 0)
        XCTAssertEqual(try Command.run("feed-cache", ["load", "--max-age", "0s"], environment: env).status, 66, "expired")
        XCTAssertEqual(try Command.run("feed-cache", ["image", "load", "https://h/a"], environment: env).out, "data")
        XCTAssertEqual(try Command.run("feed-cache", ["image", "load", "https://h/missing"], environment: env).status, 66)
        XCTAssertEqual(try snapshot(env["FEED_CACHE_DIR"] ?? ""), before)
    }

    func test_load_reportsRetrievalOnACorruptCacheAndLeavesIt() throws {
        let env = try cacheEnvironment()
        let dir = env["FEED_CACHE_DIR"] ?? ""
        XCTAssertEqual(try Command.run("feed-cache", ["save", "-q"], stdin: feedA, environment: env).status, 0)
        let original = try XCTUnwrap(FileManager.default.contents(atPath: dir + "/feed"))
        for corrupt in [Data(), original.prefix(original.count - 3), Data("garbage".utf8), original.dropFirst(5)] {
            try corrupt.write(to: URL(fileURLWithPath: dir + "/feed"))
            let before = try snapshot(dir)
            let result = try Command.run("feed-cache", ["load"], environment: env)
            XCTAssertEqual(result.status, 74)
            XCTAssertEqual(result.errLines.count, 1)
            XCTAssertEqual((result.records().first?["error"] as? [String: Any])?["kind"] as? String, "retrieval")
            XCTAssertEqual(try snapshot(dir), before)

            XCTAssertEqual(try Command.run("feed-cache", ["validate"], environment: env).status, 0)
            XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/feed"), "validate deletes a corrupt cache")
            XCTAssertEqual(try Command.run("feed-cache", ["save", "-q"], stdin: feedA, environment: env).status, 0)
        }
    }

    func test_validate_keepsAnEmptyCacheAndDoesNotCreateIt() throws {
        let env = try cacheEnvironment()
        let result = try Command.run("feed-cache", ["validate"], environment: env)
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertFalse(FileManager.default.fileExists(atPath: env["FEED_CACHE_DIR"] ?? ""))
    }

    func test_imageSave_storesBodiesOfStatus200AndSkipsTheRest() throws {
        let env = try cacheEnvironment()
        let records = [
            "{\"url\":\"https://h/1\",\"status\":200,\"headers\":{},\"body_base64\":\"AAEC/w==\"}",
            "{\"url\":\"https://h/2\",\"status\":404,\"headers\":{},\"body\":\"no\"}",
            "{\"url\":\"https://h/3\",\"status\":200,\"headers\":{},\"body\":\"\"}",
            "{\"url\":\"https://h/4\",\"error\":{\"kind\":\"connectivity\",\"message\":\"refused\"}}",
            "{\"url\":\"https://h/5\",\"status\":200,\"headers\":{},\"body\":\"five\"}",
        ].joined(separator: "\n")
        let result = try Command.run("feed-cache", ["image", "save"], stdin: records, environment: env)

        XCTAssertEqual(result.status, 65, "the first failure is the 404")
        XCTAssertEqual(result.errLines.count, 2, "404 and empty body; the passed-on record is silent: \(result.err)")
        XCTAssertEqual(try Command.run("feed-cache", ["image", "load", "https://h/1"], environment: env).stdout, [0, 1, 2, 255])
        XCTAssertEqual(try Command.run("feed-cache", ["image", "load", "https://h/5"], environment: env).out, "five")
        for missing in ["https://h/2", "https://h/3", "https://h/4"] {
            let load = try Command.run("feed-cache", ["image", "load", missing], environment: env)
            XCTAssertEqual(load.status, 66, missing)
            XCTAssertEqual(load.errLines, ["feed-cache: \(missing): no image data in the cache"])
        }
    }

    func test_prefetch_cachesEveryImageOfTheCachedFeed_andSaveDropsImagesNotInTheNewFeed() throws {
        let env = try cacheEnvironment()
        var routes: [String: LoopbackReply] = [:]
        for index in 0..<20 { routes["/image-\(index)"] = .ok(bytes: Array(repeating: UInt8(index), count: 1000 + index)) }
        let server = try LoopbackServer(handler: LoopbackRoutes.serving(routes))
        addTeardownBlock { server.stop() }
        let items = (0..<20).map { "{\"id\":\"2AB2AE66-A4B7-4A16-B374-51BBAC8DB0\(10 + $0)\",\"url\":\"\(server.url("/image-\($0)"))\"}" }
        let feed = "{\"items\":[" + items.joined(separator: ",") + "]}"
        XCTAssertEqual(try Command.run("feed-cache", ["save", "-q"], stdin: feed, environment: env).status, 0)

        let prefetch = try Command.sh("feed-cache load | feed-fetch -j 8 | feed-cache image save", environment: env)
        XCTAssertEqual(prefetch.status, 0, prefetch.err)
        for index in 0..<20 {
            XCTAssertEqual(try Command.run("feed-cache", ["image", "load", server.url("/image-\(index)")], environment: env).stdout,
                           Array(repeating: UInt8(index), count: 1000 + index))
        }

        let smaller = "{\"items\":[" + items[0..<5].joined(separator: ",") + "]}"
        XCTAssertEqual(try Command.run("feed-cache", ["save", "-q"], stdin: smaller, environment: env).status, 0)
        for index in 0..<20 {
            let load = try Command.run("feed-cache", ["image", "load", server.url("/image-\(index)")], environment: env)
            XCTAssertEqual(load.status, index < 5 ? 0 : 66, "image \(index)")
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: (env["FEED_CACHE_DIR"] ?? "") + "/images")
        XCTAssertEqual(files.count, 5)
    }

    func test_imageCacheFirstElseRemote_oneLiner() throws {
        let env = try cacheEnvironment()
        let server = try LoopbackServer(handler: LoopbackRoutes.serving(["/img": .ok(bytes: [7, 7, 7])]))
        addTeardownBlock { server.stop() }
        let script = "feed-cache image load \"$U\" 2>/dev/null || { feed-fetch \"$U\" | feed-cache image save && feed-cache image load \"$U\"; }"
        let first = try Command.sh(script, environment: env.merging(["U": server.url("/img")]) { $1 })
        let second = try Command.sh(script, environment: env.merging(["U": server.url("/img")]) { $1 })

        XCTAssertEqual(first.status, 0, first.err)
        XCTAssertEqual(Array(first.stdout.suffix(3)), [7, 7, 7])
        XCTAssertEqual(second.stdout, [7, 7, 7])
        XCTAssertEqual(server.requestCount(path: "/img"), 1, "the second run is served from the cache")
    }

    func test_cacheDirectoryIsCreated0700AndFiles0600WhateverTheUmask() throws {
        for mask in ["000", "077", "022", "277"] {
            let root = makeTemporaryDirectory(self)
            let dir = root + "/a/b/cache"
            let result = try Command.sh("umask \(mask); feed-cache save -q && echo '{\"url\":\"https://h/a\",\"status\":200,\"headers\":{},\"body\":\"x\"}' | feed-cache image save",
                                        stdin: feedA, environment: ["FEED_CACHE_DIR": dir])
            XCTAssertEqual(result.status, 0, "umask \(mask): \(result.err)")
            XCTAssertEqual(try mode(dir), 0o700, "umask \(mask)")
            XCTAssertEqual(try mode(dir + "/images"), 0o700, "umask \(mask)")
            XCTAssertEqual(try mode(dir + "/feed"), 0o600, "umask \(mask)")
            for name in try FileManager.default.contentsOfDirectory(atPath: dir + "/images") {
                XCTAssertEqual(try mode(dir + "/images/" + name), 0o600, "umask \(mask)")
            }
        }
    }

    func test_cacheDirectory_followsOptionThenVariablesThenHome() throws {
        let root = makeTemporaryDirectory(self)
        let base = ["HOME": root + "/home"]
        XCTAssertEqual(try Command.run("feed-cache", ["save", "-q"], stdin: feedA, environment: base).status, 0)
        XCTAssertTrue(FileManager.default.fileExists(atPath: root + "/home/.cache/essential-feed/feed"))

        let xdg = base.merging(["XDG_CACHE_HOME": root + "/xdg"]) { $1 }
        XCTAssertEqual(try Command.run("feed-cache", ["save", "-q"], stdin: feedA, environment: xdg).status, 0)
        XCTAssertTrue(FileManager.default.fileExists(atPath: root + "/xdg/essential-feed/feed"))

        let variable = xdg.merging(["FEED_CACHE_DIR": root + "/var"]) { $1 }
        XCTAssertEqual(try Command.run("feed-cache", ["save", "-q"], stdin: feedA, environment: variable).status, 0)
        XCTAssertTrue(FileManager.default.fileExists(atPath: root + "/var/feed"))

        XCTAssertEqual(try Command.run("feed-cache", ["save", "-q", "--cache-dir", root + "/opt"], stdin: feedA, environment: variable).status, 0)
        XCTAssertEqual(try Command.run("feed-cache", ["--cache-dir", root + "/opt2", "save", "-q"], stdin: feedA, environment: variable).status, 0)
        XCTAssertTrue(FileManager.default.fileExists(atPath: root + "/opt/feed"))
        XCTAssertTrue(FileManager.default.fileExists(atPath: root + "/opt2/feed"))
    }

    func test_usageErrors() throws {
        let env = try cacheEnvironment()
        let cases: [[String]] = [
            [], ["frobnicate"], ["image"], ["image", "load"], ["image", "fetch"], ["load", "extra"],
            ["--max-age", "7", "load"], ["--max-age", "7x", "load"], ["--max-age", "", "load"], ["load", "--max-age"],
            ["--bogus", "load"], ["load", "-q"], ["validate", "--pretty"], ["image", "load", "not a url"],
        ]
        for arguments in cases {
            let result = try Command.run("feed-cache", arguments, environment: env)
            XCTAssertEqual(result.status, 64, "\(arguments)")
            XCTAssertEqual(result.errLines.count, 1, "\(arguments): \(result.err)")
            XCTAssertTrue(result.err.hasPrefix("feed-cache: "), "\(arguments)")
        }
        let badVariable = try Command.run("feed-cache", ["load"], environment: env.merging(["FEED_CACHE_MAX_AGE": "7"]) { $1 })
        XCTAssertEqual(badVariable.status, 64)
        XCTAssertTrue(badVariable.err.contains("FEED_CACHE_MAX_AGE"), badVariable.err)
    }

    func test_cancelCourse_saveWaitingForInputExitsOnSIGTERMAndLeavesTheCache() throws {
        let env = try cacheEnvironment()
        XCTAssertEqual(try Command.run("feed-cache", ["save", "-q"], stdin: feedA, environment: env).status, 0)
        let before = try snapshot(env["FEED_CACHE_DIR"] ?? "")
        for (signal, code) in [(SIGTERM, Int32(143)), (SIGINT, Int32(130))] {
            let running = try Command.start("feed-cache", ["save"], stdin: Array(feedB.prefix(20).utf8), keepStdinOpen: true, environment: env)
            usleep(200_000)
            running.send(signal)
            let result = running.wait(timeout: 20)
            XCTAssertEqual(result.status, code)
            XCTAssertEqual(result.out + result.err, "")
            XCTAssertEqual(try snapshot(env["FEED_CACHE_DIR"] ?? ""), before)
        }
    }

    // MARK: Helpers

    private func cacheEnvironment() throws -> [String: String] {
        ["FEED_CACHE_DIR": makeTemporaryDirectory(self) + "/cache"]
    }

    private func mode(_ path: String) throws -> Int {
        var info = stat()
        guard lstat(path, &info) == 0 else { throw NSError(domain: "stat", code: Int(errno)) }
        return Int(info.st_mode & 0o7777)
    }
}
