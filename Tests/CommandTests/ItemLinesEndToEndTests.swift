import Foundation
import XCTest
import FeedCore
import FeedTestSupport

/// `--format jsonl` and `--format tsv` of feed-map, feed-comments and
/// feed-cache save and load, as real processes: each held to `--format json`
/// of the same input as jq reads it (`jq -c '.items[]'`; `@tsv` of the
/// fields, which escapes as the contract does) and to the reference
/// (`ItemLineFormat`); with values to escape, absent fields, spots,
/// comments, an empty feed, an error record on the input, an unknown format.
final class ItemLinesEndToEndTests: XCTestCase {
    func test_feedMap_linesAreJSONsItems_asJqReadsThem_andTheReference() throws {
        for (schema, payload) in [("images", Self.images), ("spots", Self.spots)] {
            let json = try Command.run("feed-map", ["--schema", schema], stdin: payload)
            XCTAssertEqual(json.status, 0, json.err)
            for format in ItemLineFormat.allCases {
                let lines = try Command.run("feed-map", ["--schema", schema, "--format", format.rawValue], stdin: payload)
                XCTAssertEqual(lines.status, 0, lines.err)
                XCTAssertEqual(lines.err, "")
                try assertLines(lines.out, of: json.out, format, feed: schema, "feed-map \(schema) \(format)")
            }
        }
    }

    func test_feedMap_tsvEscapesAndLeavesAbsentFieldsEmpty() throws {
        let images = try Command.run("feed-map", ["--format", "tsv"], stdin: Self.images)
        XCTAssertEqual(images.out, [
            ["73a7f70c-75da-4c2e-b5a3-eed40dc53aa6", "https://h/1.png", #"tab\there, back\\slash"#, #"line\nbreak\rcr"#],
            ["ba298a85-6275-48d3-8315-9c8f7c1cd109", "https://h/2.png", "", ""],
            ["5a0d45b3-8e26-4385-8c5d-213e160a5e3c", "https://h/3.png", "", "only"],
        ].map { $0.joined(separator: "\t") + "\n" }.joined())
        let spots = try Command.run("feed-map", ["--schema", "spots", "--format", "tsv"], stdin: Self.spots)
        XCTAssertEqual(spots.out, ["2ab2ae66-a4b7-4a16-b374-51bbac8db086", "https://h/s", "d", "", #"ann\tb"#, "3"].joined(separator: "\t") + "\n")
    }

    func test_feedComments_linesAreJSONsItems_asJqReadsThem_andTheReference() throws {
        let json = try Command.run("feed-comments", [], stdin: Self.comments)
        XCTAssertEqual(json.status, 0, json.err)
        for format in ItemLineFormat.allCases {
            let lines = try Command.run("feed-comments", ["--format", format.rawValue], stdin: Self.comments)
            XCTAssertEqual(lines.status, 0, lines.err)
            try assertLines(lines.out, of: json.out, format, feed: nil, "feed-comments \(format)")
        }
        let tsv = try Command.run("feed-comments", ["--format", "tsv"], stdin: Self.comments)
        XCTAssertEqual(tsv.out, ["7019d8a7-0b35-4057-b7f9-8c5471961ed0", "2020-05-20T11:24:59Z", #"a\nb"#, #"hi\there\\"#].joined(separator: "\t") + "\n")
    }

    func test_feedCache_saveAndLoad_linesAreTheCachedDocumentsItems() throws {
        for (schema, payload) in [("images", Self.images), ("spots", Self.spots)] {
            let env = ["FEED_CACHE_DIR": makeTemporaryDirectory(self) + "/cache"]
            let document = try Command.run("feed-map", ["--schema", schema], stdin: payload).out
            for format in ItemLineFormat.allCases {
                let saved = try Command.run("feed-cache", ["save", "--format", format.rawValue], stdin: document, environment: env)
                XCTAssertEqual(saved.status, 0, saved.err)
                try assertLines(saved.out, of: document, format, feed: schema, "save \(schema) \(format)")
                let loaded = try Command.run("feed-cache", ["load", "--format", format.rawValue], environment: env)
                XCTAssertEqual(loaded.status, 0, loaded.err)
                try assertLines(loaded.out, of: document, format, feed: schema, "load \(schema) \(format)")
            }
        }
    }

    /// Many items: load reads them where the cached document stands, a
    /// batch ahead on a second thread, and writes what jq reads.
    func test_feedCache_loadOfManyItems_linesAreWhatJqReads() throws {
        let env = ["FEED_CACHE_DIR": makeTemporaryDirectory(self) + "/cache"]
        let items = (0..<6_000).map { index in
            #"{"id":"00000000-0000-4000-8000-\#(String(100_000_000_000 + index))","description":"caf\u00e9\t\#(index)\\","url":"https://h/\#(index)"}"#
        }
        let document = "{\"items\":[" + items.joined(separator: ",") + "]}\n"
        XCTAssertEqual(try Command.run("feed-cache", ["save", "-q"], stdin: document, environment: env).status, 0)
        let stored = try Command.run("feed-cache", ["load"], environment: env).out
        for format in ItemLineFormat.allCases {
            let loaded = try Command.run("feed-cache", ["load", "--format", format.rawValue], environment: env)
            XCTAssertEqual(loaded.status, 0, loaded.err)
            XCTAssertEqual(loaded.outLines.count, 6_000)
            try assertLines(loaded.out, of: stored, format, feed: "images", "load \(format)")
        }
    }

    func test_saveQuiet_printsNothingInAnyFormat_andStillSaves() throws {
        let env = ["FEED_CACHE_DIR": makeTemporaryDirectory(self) + "/cache"]
        let document = try Command.run("feed-map", [], stdin: Self.images).out
        for format in ItemLineFormat.allCases {
            let saved = try Command.run("feed-cache", ["save", "-q", "--format", format.rawValue], stdin: document, environment: env)
            XCTAssertEqual(saved.status, 0, saved.err)
            XCTAssertEqual(saved.out + saved.err, "", "\(format)")
        }
        XCTAssertEqual(try Command.run("feed-cache", ["load"], environment: env).out, document)
    }

    func test_anEmptyFeed_printsNoLine() throws {
        let env = ["FEED_CACHE_DIR": makeTemporaryDirectory(self) + "/cache"]
        for format in ItemLineFormat.allCases {
            for (tool, arguments) in [("feed-map", []), ("feed-comments", []), ("feed-cache", ["save"])] {
                let result = try Command.run(tool, arguments + ["--format", format.rawValue], stdin: "{\"items\":[]}", environment: env)
                XCTAssertEqual(result.status, 0, "\(tool) \(format): \(result.err)")
                XCTAssertEqual(result.out + result.err, "", "\(tool) \(format)")
            }
            let loaded = try Command.run("feed-cache", ["load", "--format", format.rawValue], environment: env)
            XCTAssertEqual(loaded.status, 0, loaded.err)
            XCTAssertEqual(loaded.out, "", "load \(format)")
        }
    }

    /// An error record from an earlier stage goes on as it came among jsonl
    /// lines, silently, and sets the exit code; one that starts here is an
    /// error record too. Among tsv lines, for line tools, there is none:
    /// the exit code and the stderr line say it.
    func test_anErrorRecordOnTheInput_goesOnAsAnErrorRecordInJSONLOnly() throws {
        let record = "{\"url\":\"http://h/x\",\"error\":{\"kind\":\"connectivity\",\"message\":\"m\"}}\n"
        for format in ItemLineFormat.allCases {
            let carried = format == .jsonl ? record : ""
            for (tool, payload) in [("feed-map", Self.images), ("feed-comments", Self.comments)] {
                let alone = try Command.run(tool, ["--format", format.rawValue], stdin: payload).out
                let result = try Command.run(tool, ["--format", format.rawValue], stdin: record + payload)
                XCTAssertEqual(result.status, 69, "\(tool) \(format)")
                XCTAssertEqual(result.err, "", "\(tool) \(format)")
                XCTAssertEqual(result.out, carried + alone, "\(tool) \(format)")
            }
            let invalid = try Command.run("feed-map", ["--format", format.rawValue], stdin: "{\"items\":[{\"id\":\"x\"}]}")
            XCTAssertEqual(invalid.status, 65)
            XCTAssertEqual(invalid.errLines.count, 1, invalid.err)
            XCTAssertEqual(invalid.records().compactMap { ($0["error"] as? [String: Any])?["kind"] as? String },
                           format == .jsonl ? ["invalid-data"] : [], "\(format)")
            let env = ["FEED_CACHE_DIR": makeTemporaryDirectory(self) + "/cache"]
            let saved = try Command.run("feed-cache", ["save", "--format", format.rawValue], stdin: record, environment: env)
            XCTAssertEqual(saved.status, 69, "save \(format)")
            XCTAssertEqual(saved.out, carried, "save \(format)")
            let missing = try Command.run("feed-cache", ["load", "--format", format.rawValue], environment: env)
            XCTAssertEqual(missing.status, 66, "load \(format)")
            XCTAssertEqual(missing.errLines.count, 1, missing.err)
            XCTAssertEqual(missing.records().compactMap { ($0["error"] as? [String: Any])?["kind"] as? String },
                           format == .jsonl ? ["not-found"] : [], "load \(format)")
        }
    }

    /// One a line holds for the records among the items too: `--pretty`
    /// indents nothing there.
    func test_pretty_changesNoLine() throws {
        let input = "{\"url\":\"http://h/x\",\"error\":{\"kind\":\"connectivity\",\"message\":\"m\"}}\n" + Self.images + "\n{\"items\":[{\"id\":\"x\"}]}"
        let env = ["FEED_CACHE_DIR": makeTemporaryDirectory(self) + "/cache"]
        let document = try Command.run("feed-map", [], stdin: Self.images).out
        for format in ItemLineFormat.allCases {
            let plain = try Command.run("feed-map", ["--format", format.rawValue], stdin: input)
            let pretty = try Command.run("feed-map", ["--pretty", "--format", format.rawValue], stdin: input)
            XCTAssertEqual(pretty.out, plain.out, "\(format)")
            XCTAssertEqual(pretty.status, plain.status, "\(format)")
            XCTAssertEqual(plain.outLines.count, format == .jsonl ? 5 : 3, "\(format): (an error record,) three items(, an error record)")
            let saved = try Command.run("feed-cache", ["save", "--pretty", "--format", format.rawValue], stdin: document, environment: env)
            XCTAssertEqual(saved.outLines.count, 3, "save \(format)")
        }
    }

    func test_anUnknownFormat_isUsage() throws {
        let env = ["FEED_CACHE_DIR": makeTemporaryDirectory(self) + "/cache"]
        for (tool, arguments) in [("feed-map", []), ("feed-comments", []), ("feed-cache", ["load"]), ("feed-cache", ["save"])] {
            let result = try Command.run(tool, arguments + ["--format", "csv"], stdin: Self.images, environment: env)
            XCTAssertEqual(result.status, 64, tool)
            XCTAssertEqual(result.errLines.count, 1, result.err)
            XCTAssertTrue(result.err.contains("unknown format 'csv'") && result.err.contains("jsonl or tsv") || result.err.contains("jsonl, tsv"), result.err)
        }
    }

    // MARK: - Helpers

    /// `lines` are `json`'s items: jsonl as `jq -c '.items[]'` writes them;
    /// tsv as jq's `@tsv` writes the fields (`feed`: the schema; nil:
    /// comments); and both as the reference writes them.
    private func assertLines(_ lines: String, of json: String, _ format: ItemLineFormat, feed schema: String?, _ what: String,
                             file: StaticString = #filePath, line: UInt = #line) throws {
        _ = try RequiredTool.path("jq", package: "jq")
        let fields: String
        switch schema {
        case "images"?: fields = "[.id, .url, .description, .location]"
        case "spots"?: fields = "[.id, .url, .description, .location, .author, .likes]"
        default: fields = "[.id, .created_at, .author.username, .message]"
        }
        let program = format == .jsonl ? "jq -c '.items[]'" : "jq -r '.items[] | \(fields) | @tsv'"
        let jq = try Command.sh(program, stdin: json)
        XCTAssertEqual(jq.status, 0, jq.err, file: file, line: line)
        XCTAssertEqual(lines, jq.out, "\(what): against jq", file: file, line: line)
        let document = try JSONReader.parseSingle(Array(json.utf8))
        let items = document["items"]?.arrayValue ?? []
        let reference: [UInt8]
        if schema != nil {
            reference = format.feedLines(items)
        } else {
            reference = items.flatMap { item -> [UInt8] in
                var line: [UInt8] = []
                format == .jsonl ? ItemLineFormat.appendJSONLine(item, to: &line)
                    : TabSeparatedLine.append(strings: [item["id"], item["created_at"], item["author"]?["username"], item["message"]].map { $0?.stringValue ?? "" }, to: &line)
                return line
            }
        }
        XCTAssertEqual(lines, String(decoding: reference, as: UTF8.self), "\(what): against the reference", file: file, line: line)
        XCTAssertFalse(lines.isEmpty, what, file: file, line: line)
    }

    private static let images = #"{"items":[{"id":"73a7f70c-75da-4c2e-b5a3-eed40dc53aa6","description":"tab\there, back\\slash","location":"line\nbreak\rcr","image":"https://h/1.png"},{"id":"ba298a85-6275-48d3-8315-9c8f7c1cd109","image":"https://h/2.png"},{"id":"5a0d45b3-8e26-4385-8c5d-213e160a5e3c","location":"only","image":"https://h/3.png"}]}"#
    private static let spots = #"{"items":[{"id":"2ab2ae66-a4b7-4a16-b374-51bbac8db086","author":"ann\tb","description":"d","likes":3,"image":"https://h/s"}]}"#
    private static let comments = #"{"items":[{"id":"7019d8a7-0b35-4057-b7f9-8c5471961ed0","message":"hi\there\\","created_at":"2020-05-20T11:24:59Z","author":{"username":"a\nb"}}]}"#
}
