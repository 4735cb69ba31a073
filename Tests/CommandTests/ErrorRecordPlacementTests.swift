import Foundation
import XCTest
import FeedTestSupport

/// Where an error record goes, with the built commands on real pipes: on
/// stdout only where the output is records a next stage reads (`json`,
/// `jsonl`, and not `-q`); in text, tsv, ids, a page or `-q`'s nothing,
/// stdout stays empty and the stderr line and the exit status say it.
/// Failing with the server down, and with no cache.
final class ErrorRecordPlacementTests: XCTestCase {
    private let recordFormats: Set<String> = ["json", "jsonl"]

    func test_mappers_withTheServerDown_carryTheRecordInJSONAndJSONLOnly() throws {
        let env = ["URL": try refusedURL()]
        for tool in ["feed-map", "feed-comments"] {
            for format in ["json", "text", "jsonl", "tsv"] {
                let result = try Command.sh(#"feed-fetch "$URL" | \#(tool) --format \#(format)"#, environment: env)
                XCTAssertEqual(result.status, 69, "\(tool) \(format): \(result.err)")
                XCTAssertEqual(result.errLines.count, 1, "the fetch's line alone, \(tool) \(format): \(result.err)")
                XCTAssertTrue(result.err.hasPrefix("feed-fetch: "), result.err)
                XCTAssertEqual(errorKinds(result.out), recordFormats.contains(format) ? ["connectivity"] : [], "\(tool) \(format)")
                if !recordFormats.contains(format) { XCTAssertEqual(result.out, "", "\(tool) \(format)") }
            }
        }
    }

    func test_mappers_failingThemselves_writeNoRecordInTextOrTSV() throws {
        let record = #"{"url":"https://h/v1/feed","status":500,"headers":{},"body":""}"#
        for tool in ["feed-map", "feed-comments"] {
            for format in ["json", "text", "jsonl", "tsv"] {
                let result = try Command.sh(#"printf '%s\n' "$R" | \#(tool) --format \#(format)"#, environment: ["R": record])
                XCTAssertEqual(result.status, 65, "\(tool) \(format)")
                XCTAssertEqual(result.errLines.count, 1, result.err)
                XCTAssertEqual(errorKinds(result.out), recordFormats.contains(format) ? ["invalid-data"] : [], "\(tool) \(format)")
                if !recordFormats.contains(format) { XCTAssertEqual(result.out, "", "\(tool) \(format)") }
            }
        }
    }

    func test_cacheSave_withTheServerDown_carriesTheRecordInJSONAndJSONLWithoutQuiet_only() throws {
        let env = ["URL": try refusedURL(), "FEED_CACHE_DIR": makeTemporaryDirectory(self) + "/cache"]
        for format in ["json", "text", "jsonl", "tsv", "ids", "html"] {
            for quiet in [false, true] {
                let options = "--format \(format)" + (quiet ? " -q" : "")
                let result = try Command.sh(#"feed-fetch "$URL" | feed-map | feed-cache save \#(options)"#, environment: env)
                XCTAssertEqual(result.status, 69, "save \(options): \(result.err)")
                XCTAssertEqual(result.errLines.count, 1, "save \(options): \(result.err)")
                let carries = recordFormats.contains(format) && !quiet
                XCTAssertEqual(errorKinds(result.out), carries ? ["connectivity"] : [], "save \(options)")
                if !carries { XCTAssertEqual(result.out, "", "save \(options)") }
            }
        }
    }

    func test_cacheSaveAndLoad_withNoCache_writeNothingOnStdoutOutsideJSONAndJSONL() throws {
        let env = ["FEED_CACHE_DIR": makeTemporaryDirectory(self) + "/cache"]
        for format in ["json", "text", "jsonl", "tsv", "ids", "html"] {
            let load = try Command.run("feed-cache", ["load", "--format", format], environment: env)
            XCTAssertEqual(load.status, 66, "load \(format)")
            XCTAssertEqual(load.errLines.count, 1, load.err)
            XCTAssertEqual(errorKinds(load.out), recordFormats.contains(format) ? ["not-found"] : [], "load \(format)")
            if !recordFormats.contains(format) { XCTAssertEqual(load.out, "", "load \(format)") }
            for quiet in [false, true] {
                let arguments = ["save", "--format", format] + (quiet ? ["-q"] : [])
                let save = try Command.run("feed-cache", arguments, stdin: "", environment: env)
                XCTAssertEqual(save.status, 66, "\(arguments)")
                XCTAssertEqual(save.errLines.count, 1, save.err)
                let carries = recordFormats.contains(format) && !quiet
                XCTAssertEqual(errorKinds(save.out), carries ? ["not-found"] : [], "\(arguments)")
                if !carries { XCTAssertEqual(save.out, "", "\(arguments)") }
            }
        }
    }

    /// The record still tells the next stage why: through jsonl and json
    /// the last stage exits with the first failure's code, silently.
    func test_aRecordCarriedThroughJSONL_reachesTheLastStage() throws {
        let env = ["URL": try refusedURL(), "FEED_CACHE_DIR": makeTemporaryDirectory(self) + "/cache"]

        let result = try Command.sh(#"feed-fetch "$URL" | feed-map --format jsonl | feed-cache save --format text"#, environment: env)

        XCTAssertEqual(result.status, 69, result.err)
        XCTAssertEqual(result.out, "")
        XCTAssertEqual(result.errLines.count, 1, "the fetch's line alone: \(result.err)")
    }

    /// The issue's file for people: with the server down, the fallback's
    /// text list alone, no JSON line in front of it.
    func test_aTextFileOfTheOnlineFlowWithItsFallback_holdsTheStoredFeedAlone() throws {
        let work = makeTemporaryDirectory(self)
        let env = ["URL": try refusedURL(), "FEED_CACHE_DIR": work + "/cache"]
        let document = #"{"items":[{"id":"73a7f70c-75da-4c2e-b5a3-eed40dc53aa6","description":"d","url":"https://h/1.png"}]}"#
        XCTAssertEqual(try Command.run("feed-cache", ["save", "-q"], stdin: document, environment: env).status, 0)
        let list = try Command.run("feed-cache", ["load", "--format", "text"], environment: env).out

        let result = try Command.sh(#"{ feed-fetch "$URL" | feed-map | feed-cache save --format text || feed-cache load --format text; } > "$F""#,
                                    environment: env.merging(["F": work + "/feed.txt"]) { $1 })

        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(try String(contentsOfFile: work + "/feed.txt", encoding: .utf8), list)
        XCTAssertFalse(list.isEmpty)
        XCTAssertEqual(result.errLines.count, 1, result.err)
    }

    /// The `kind` of each error record among the lines of `output`.
    private func errorKinds(_ output: String) -> [String] {
        output.split(separator: "\n").compactMap { line in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else { return nil }
            return (object["error"] as? [String: Any])?["kind"] as? String
        }
    }
}
