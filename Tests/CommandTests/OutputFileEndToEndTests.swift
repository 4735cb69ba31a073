import Foundation
import XCTest
import FeedTestSupport
import FeedPlatform
import LoopbackHTTP

/// `-o FILE` on every command that writes output: the same bytes stdout would
/// have had, written whole into FILE on success; on every failure FILE left
/// exactly as it was (its bytes and its inode) and no new file left beside it.
final class OutputFileEndToEndTests: XCTestCase {
    private let old = "the old page\n"
    private let feed = #"{"items":[{"id":"73A7F70C-75DA-4C2E-B5A3-EED40DC53AA6","description":"a","url":"https://img.example/1.png"}]}"#

    private struct Place {
        let folder: String
        let file: String
        let cache: String
        var environment: [String: String] { ["FEED_CACHE_DIR": cache] }
    }

    /// A folder with FILE holding `old`, and a cache beside it.
    private func place() throws -> Place {
        let folder = makeTemporaryDirectory(self)
        let place = Place(folder: folder, file: folder + "/kept.html", cache: folder + "/cache")
        try old.write(toFile: place.file, atomically: false, encoding: .utf8)
        return place
    }

    private func inode(_ path: String) throws -> UInt64 {
        try XCTUnwrap((try FileManager.default.attributesOfItem(atPath: path))[.systemFileNumber] as? NSNumber).uint64Value
    }

    /// FILE exactly as it was, nothing else left in its folder.
    private func assertUntouched(_ place: Place, inode before: UInt64, _ what: String, file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertEqual(try String(contentsOfFile: place.file, encoding: .utf8), old, what, file: file, line: line)
        XCTAssertEqual(try inode(place.file), before, "\(what): FILE replaced", file: file, line: line)
        let left = try FileManager.default.contentsOfDirectory(atPath: place.folder).filter { $0.contains(".tmp-") }
        XCTAssertEqual(left, [], "\(what): a new file left behind", file: file, line: line)
    }

    private func saved(_ place: Place, _ document: String? = nil) throws {
        let save = try Command.run("feed-cache", ["save", "-q"], stdin: document ?? feed, environment: place.environment)
        XCTAssertEqual(save.status, 0, save.err)
    }

    // MARK: - Success

    func test_eachCommandThatWritesOutput_writesWithDashOTheBytesItWritesOnStdout() throws {
        let place = try place()
        let api = #"{"items":[{"id":"73A7F70C-75DA-4C2E-B5A3-EED40DC53AA6","image":"https://img.example/1.png"}]}"#
        let server = try serve(["/feed": .ok(api), "/img": .ok(bytes: [0x89, 0x50, 0x4E, 0x47, 1, 2, 3]),
                                "/comments": .ok(#"{"items":[]}"#)])
        try saved(place)
        let record = try Command.run("feed-fetch", [server.url("/feed")]).out
        let images = try Command.run("feed-fetch", [server.url("/img")]).out
        let imageSave = try Command.run("feed-cache", ["image", "save"], stdin: images.replacingOccurrences(of: server.url("/img"), with: "https://img.example/1.png"),
                                        environment: place.environment)
        XCTAssertEqual(imageSave.status, 0, imageSave.err)
        let runs: [(String, [String], String?)] = [
            ("feed-fetch", [server.url("/feed")], nil),
            ("feed-map", ["--format", "text"], record),
            ("feed-comments", [], try Command.run("feed-fetch", [server.url("/comments")]).out),
            ("feed-cache", ["save", "--format", "tsv"], feed),
            ("feed-cache", ["load", "--format", "html"], nil),
            ("feed-cache", ["load"], nil),
            ("feed-cache", ["image", "load", "https://img.example/1.png"], nil),
            ("feed-cache", ["image", "missing"], nil),
        ]
        for (tool, arguments, input) in runs {
            let line = ([tool] + arguments).joined(separator: " ")
            let plain = try Command.run(tool, arguments, stdin: input, environment: place.environment)
            XCTAssertEqual(plain.status, 0, "\(line): \(plain.err)")
            let before = try inode(place.file)
            let written = try Command.run(tool, arguments + ["-o", place.file], stdin: input, environment: place.environment)
            XCTAssertEqual(written.status, 0, "\(line) -o: \(written.err)")
            XCTAssertEqual(written.stdout, [], "\(line) -o: stdout")
            XCTAssertEqual(Array(try Data(contentsOf: URL(fileURLWithPath: place.file))), plain.stdout, "\(line) -o: FILE")
            XCTAssertNotEqual(try inode(place.file), before, "\(line) -o: FILE replaced by a rename, not written in place")
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: place.folder).filter { $0.contains(".tmp-") }, [], line)
            try old.write(toFile: place.file, atomically: false, encoding: .utf8)
        }
    }

    func test_dashO_aNewFileTakesTheUmasksMode_anExistingOneKeepsItsOwn() throws {
        let place = try place()
        try saved(place)
        let fresh = place.folder + "/new.json"
        let created = try Command.sh("umask 027; feed-cache load -o \(shellQuote(fresh))", environment: place.environment)
        XCTAssertEqual(created.status, 0, created.err)
        XCTAssertEqual(try XCTUnwrap((try FileManager.default.attributesOfItem(atPath: fresh))[.posixPermissions] as? Int), 0o640)
        chmod(place.file, 0o604)
        let replaced = try Command.run("feed-cache", ["load", "--output=" + place.file], environment: place.environment)
        XCTAssertEqual(replaced.status, 0, replaced.err)
        XCTAssertEqual(try XCTUnwrap((try FileManager.default.attributesOfItem(atPath: place.file))[.posixPermissions] as? Int), 0o604)
    }

    // MARK: - Every failure leaves FILE as it was

    func test_dashO_onEveryKindOfFailure_leavesFileExactlyAsItWas() throws {
        let place = try place()
        let before = try inode(place.file)
        let refused = try refusedURL()
        let quoted = shellQuote(place.file)
        let cases: [(String, String, Int32)] = [
            ("usage", "feed-cache load --format nope -o \(quoted)", 64),
            ("usage after the subcommand", "feed-cache validate -o \(quoted)", 64),
            ("not cached", "feed-cache load --format html -o \(quoted)", 66),
            ("no image", "feed-cache image load https://img.example/none.png -o \(quoted)", 66),
            ("a failed transfer", "feed-fetch -o \(quoted) \(shellQuote(refused))", 69),
            ("a failure upstream in the pipe", "feed-fetch \(shellQuote(refused)) | feed-map -o \(quoted)", 69),
            ("invalid input", "echo '{\"items\":[{}]}' | feed-map -o \(quoted)", 65),
            ("an error record into save", "feed-fetch \(shellQuote(refused)) | feed-map | feed-cache save -o \(quoted)", 69),
        ]
        for (what, script, status) in cases {
            let result = try Command.sh(script, environment: place.environment)
            XCTAssertEqual(result.status, status, "\(what): \(result.err)")
            XCTAssertFalse(result.err.isEmpty, "\(what): says why")
            try assertUntouched(place, inode: before, what)
        }
        // Expired: saved, then read with a max age it has passed.
        try saved(place)
        Thread.sleep(forTimeInterval: 1.1)
        let expired = try Command.run("feed-cache", ["load", "--max-age", "1s", "--format", "html", "-o", place.file], environment: place.environment)
        XCTAssertEqual(expired.status, 66, expired.err)
        try assertUntouched(place, inode: before, "expired")
    }

    func test_dashO_namingAFolderOrNoFile_isAUsageError_andAnUnwritableFolderIsSaving() throws {
        let place = try place()
        for value in [place.folder, place.folder + "/", ""] {
            let result = try Command.run("feed-map", ["-o", value], stdin: feed)
            XCTAssertEqual(result.status, 64, "-o '\(value)': \(result.err)")
            XCTAssertEqual(result.errLines.count, 1, result.err)
        }
        let missing = try Command.run("feed-map", ["-o", place.folder + "/no/such/folder/out.json"], stdin: feed)
        XCTAssertEqual(missing.status, 74, missing.err)
        XCTAssertTrue(missing.err.contains("cannot write"), missing.err)
    }

    // MARK: - Signals

    func test_dashO_stoppedBySIGTERMOrSIGINT_removesItsNewFile_andLeavesFile() throws {
        for signal in [SIGTERM, SIGINT] {
            let place = try place()
            let before = try inode(place.file)
            // feed-map waits on its open stdin: its new file exists, nothing is written yet.
            let running = try Command.start("feed-map", ["-o", place.file], stdin: Array(feed.utf8), keepStdinOpen: true)
            let deadline = Date().addingTimeInterval(20)
            while try FileManager.default.contentsOfDirectory(atPath: place.folder).filter({ $0.contains(".tmp-") }).isEmpty, Date() < deadline {
                usleep(2_000)
            }
            XCTAssertFalse(try FileManager.default.contentsOfDirectory(atPath: place.folder).filter { $0.contains(".tmp-") }.isEmpty,
                           "the new file appears beside FILE")
            running.send(signal)
            let result = running.wait(timeout: 20)
            XCTAssertEqual(result.status, 128 + signal, result.err)
            try assertUntouched(place, inode: before, "signal \(signal)")
        }
    }

    /// SIGKILL at random instants of a large `load -o`: FILE is the old page or
    /// the whole new output, never a part of it.
    func test_dashO_killedAtRandomInstantsOfALargeWrite_leavesTheOldFileOrTheWholeNewOne() throws {
        let place = try place()
        try saved(place, String(decoding: generatedFeed(items: 200_000, tag: 0xC), as: UTF8.self))
        let whole = try Command.run("feed-cache", ["load"], environment: place.environment, timeout: 120).stdout
        XCTAssertGreaterThan(whole.count, 10_000_000)
        let started = Date()
        let timed = try Command.run("feed-cache", ["load", "-o", place.folder + "/timing.json"], environment: place.environment, timeout: 120)
        XCTAssertEqual(timed.status, 0, timed.err)
        let duration = Date().timeIntervalSince(started)
        var sawOld = 0, sawNew = 0
        var random = SplitMix64(seed: 20_261_128)
        for trial in 0..<12 {
            try old.write(toFile: place.file, atomically: false, encoding: .utf8)
            let running = try Command.start("feed-cache", ["load", "-o", place.file], environment: place.environment)
            usleep(UInt32(Double(random.next() % 1000) / 1000 * duration * 1.2 * 1_000_000))
            running.send(SIGKILL)
            _ = running.wait(timeout: 60)
            let now = Array(try Data(contentsOf: URL(fileURLWithPath: place.file)))
            if now == Array(old.utf8) { sawOld += 1 } else if now == whole { sawNew += 1 } else {
                XCTFail("trial \(trial): FILE holds \(now.count) bytes, neither the old page nor the whole output")
            }
            // A killed run may leave its new file (nothing removes it): never FILE's name.
            for left in try FileManager.default.contentsOfDirectory(atPath: place.folder) where left.contains(".tmp-") {
                XCTAssertTrue(left.hasPrefix(".kept.html.tmp-"), left)
                try FileManager.default.removeItem(atPath: place.folder + "/" + left)
            }
        }
        XCTAssertEqual(sawOld + sawNew, 12)
    }
}
