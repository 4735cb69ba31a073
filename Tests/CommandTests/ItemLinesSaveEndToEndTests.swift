import Foundation
import LoopbackHTTP
import XCTest
import FeedTestSupport

/// `feed-cache save` (and `save --append`) takes item lines, as
/// `--format jsonl` writes them: a run of them is one page of those items.
final class ItemLinesSaveEndToEndTests: XCTestCase {
    private let lineA = #"{"id":"2ab2ae66-a4b7-4a16-b374-51bbac8db086","description":"kitten a","url":"https://h/a"}"#
    private let lineB = #"{"id":"73A7F70C-75DA-4C2E-B5A3-EED40DC53AA6","description":"puppy b","url":"https://h/b","likes":2}"#
    private let lineC = #"{"id":"c0ffee00-0000-4000-8000-0000000000c3","description":"kitten c","url":"https://h/c"}"#
    /// lineA's id in another case, with another url: the same item.
    private let lineAAgain = #"{"id":"2AB2AE66-A4B7-4A16-B374-51BBAC8DB086","description":"kitten a again","url":"https://h/a2"}"#

    private func document(_ items: String...) -> String {
        "{\"items\":[" + items.joined(separator: ",") + "]}\n"
    }

    private func seeded(_ lines: String...) throws -> [String: String] {
        let env = ["FEED_CACHE_DIR": makeTemporaryDirectory(self) + "/cache"]
        let save = try Command.run("feed-cache", ["save", "-q"], stdin: document(lines.joined(separator: ",")), environment: env)
        XCTAssertEqual(save.status, 0, save.err)
        return env
    }

    func test_loadAsJSONLines_grep_save_savesExactlyThoseItems_inOrder_idsAsSpelt() throws {
        let env = try seeded(lineA, lineB, lineC)

        let run = try Command.sh("feed-cache load --format jsonl | grep kitten | feed-cache save", environment: env)

        XCTAssertEqual(run.status, 0, run.err)
        XCTAssertEqual(run.err, "")
        XCTAssertEqual(run.out, document(lineA, lineC), "what it stored, as load writes it")
        let loaded = try Command.run("feed-cache", ["load"], environment: env)
        XCTAssertEqual(loaded.status, 0, loaded.err)
        XCTAssertEqual(loaded.out, document(lineA, lineC))
        XCTAssertEqual(try Command.run("feed-cache", ["load", "--format", "jsonl"], environment: env).out, lineA + "\n" + lineC + "\n")
    }

    func test_saveAppend_ofItemLines_addsThemAfterTheCachedItems_anIdSeenBeforeDropped() throws {
        let env = try seeded(lineA)

        let run = try Command.run("feed-cache", ["save", "--append", "-q"], stdin: lineB + "\n" + lineAAgain + "\n" + lineC + "\n", environment: env)

        XCTAssertEqual(run.status, 0, run.err)
        XCTAssertEqual(run.out + run.err, "")
        XCTAssertEqual(try Command.run("feed-cache", ["load"], environment: env).out, document(lineA, lineB, lineC))
    }

    func test_save_ofItemLines_keepsTheFirstOfAnIdSeenTwice() throws {
        let env = ["FEED_CACHE_DIR": makeTemporaryDirectory(self) + "/cache"]
        let run = try Command.run("feed-cache", ["save", "-q"], stdin: lineA + "\n" + lineB + "\n" + lineAAgain + "\n", environment: env)
        XCTAssertEqual(run.status, 0, run.err)
        XCTAssertEqual(try Command.run("feed-cache", ["load"], environment: env).out, document(lineA, lineB))
    }

    func test_save_ofItemLinesMixedWithFeedDocuments_isOneFeedOfAllTheirItemsInOrder() throws {
        let env = ["FEED_CACHE_DIR": makeTemporaryDirectory(self) + "/cache"]
        let input = document(lineA) + lineB + "\n" + lineAAgain + "\n" + document(lineC, lineB)

        let run = try Command.run("feed-cache", ["save"], stdin: input, environment: env)

        XCTAssertEqual(run.status, 0, run.err)
        XCTAssertEqual(run.out, document(lineA, lineB, lineC))
        XCTAssertEqual(try Command.run("feed-cache", ["load"], environment: env).out, document(lineA, lineB, lineC))
    }

    func test_save_ofABadItemLine_isInvalidData_onOneLine_andLeavesTheCacheByteForByte() throws {
        let env = try seeded(lineB)
        let before = try snapshotOfFeed(env["FEED_CACHE_DIR"] ?? "")
        let bad = [
            #"{"id":"2ab2ae66-a4b7-4a16-b374-51bbac8db086","description":"no url"}"#,
            #"{"id":"not-a-uuid","url":"https://h/x"}"#,
            #"{"id":"2ab2ae66-a4b7-4a16-b374-51bbac8db086","url":"/relative"}"#,
        ]
        for line in bad {
            for arguments in [["save"], ["save", "--append"]] {
                // A good line first: all or nothing.
                let result = try Command.run("feed-cache", arguments, stdin: lineC + "\n" + line + "\n", environment: env)
                XCTAssertEqual(result.status, 65, line)
                XCTAssertTrue(result.out.hasPrefix(#"{"error":{"kind":"invalid-data""#), "its error record, nothing stored to show: " + result.out)
                XCTAssertEqual(result.errLines.count, 1, result.err)
                XCTAssertTrue(result.err.hasPrefix("feed-cache: invalid item lines: items[1]."), result.err)
                XCTAssertEqual(try snapshotOfFeed(env["FEED_CACHE_DIR"] ?? ""), before, line)
            }
        }
    }

    func test_save_ofItemLinesWithAnErrorRecordAmongThem_exitsWithItsCode_andSavesNothing() throws {
        let env = try seeded(lineB)
        let before = try snapshotOfFeed(env["FEED_CACHE_DIR"] ?? "")
        let error = #"{"url":"https://h/feed","error":{"kind":"connectivity","message":"refused"}}"#
        for input in [lineA + "\n" + error + "\n" + lineC + "\n", error + "\n" + lineA + "\n", lineA + "\n" + lineC + "\n" + error + "\n"] {
            for arguments in [["save"], ["save", "--append"]] {
                let result = try Command.run("feed-cache", arguments, stdin: input, environment: env)
                XCTAssertEqual(result.status, 69, input)
                XCTAssertEqual(try snapshotOfFeed(env["FEED_CACHE_DIR"] ?? ""), before, input)
            }
        }
    }

    func test_save_ofItemLinesWithA304OrAFreshRecord_isInvalidData() throws {
        let env = try seeded(lineB)
        let before = try snapshotOfFeed(env["FEED_CACHE_DIR"] ?? "")
        let notModified = #"{"url":"https://h/feed","status":304,"headers":{},"body":""}"#
        let fresh = #"{"url":"https://h/feed","fresh_until":"2026-01-01T00:00:00Z"}"#
        for record in [notModified, fresh] {
            for input in [lineA + "\n" + record + "\n", record + "\n" + lineA + "\n"] {
                let result = try Command.run("feed-cache", ["save"], stdin: input, environment: env)
                XCTAssertEqual(result.status, 65, input + result.err)
                XCTAssertEqual(result.errLines.count, 1, result.err)
                XCTAssertEqual(try snapshotOfFeed(env["FEED_CACHE_DIR"] ?? ""), before, input)
            }
        }
    }

    func test_fetchMapSave_isUnchanged() throws {
        let server = try serve(["/v1/feed": .ok(TestAccount.payload)])
        let env = ["FEED_CACHE_DIR": makeTemporaryDirectory(self) + "/cache"]

        let run = try Command.sh("feed-fetch \(shellQuote(server.url("/v1/feed"))) | feed-map | feed-cache save", environment: env)

        XCTAssertEqual(run.status, 0, run.err)
        XCTAssertEqual(run.err, "")
        XCTAssertEqual(run.out, TestAccount.feedDocument)
        XCTAssertEqual(try Command.run("feed-cache", ["load"], environment: env).out, TestAccount.feedDocument)
    }
}
