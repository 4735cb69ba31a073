import Foundation
import LoopbackHTTP
import XCTest
import FeedTestSupport

/// What every command promises: --help, --version, --, and exit 64 with a hint.
final class CommonOptionsTests: XCTestCase {
    private let tools = ["feed-fetch", "feed-map", "feed-comments", "feed-cache"]

    func test_help_printsUsageOnStdoutAndExitsZero() throws {
        for tool in tools {
            for flag in ["--help", "-h"] {
                let result = try Command.run(tool, [flag])
                XCTAssertEqual(result.status, 0, tool)
                XCTAssertTrue(result.out.hasPrefix("usage: \(tool)"), "\(tool): \(result.out)")
                XCTAssertEqual(result.err, "", tool)
            }
        }
    }

    func test_version_printsNameAndVersion() throws {
        for tool in tools {
            let result = try Command.run(tool, ["--version"])
            XCTAssertEqual(result.status, 0, tool)
            XCTAssertNotNil(result.out.range(of: "^\(tool) [0-9]+\\.[0-9]+\\.[0-9]+\\n$", options: .regularExpression), result.out)
        }
    }

    func test_unknownOption_exits64WithOneLineAndAHint() throws {
        for tool in tools {
            for option in ["--frobnicate", "-Z"] {
                let result = try Command.run(tool, [option], stdin: "")
                XCTAssertEqual(result.status, 64, "\(tool) \(option)")
                XCTAssertEqual(result.errLines.count, 1, "\(tool) \(option)")
                XCTAssertTrue(result.err.contains("\(tool) --help"), "hint: \(result.err)")
                XCTAssertTrue(result.err.contains(option), "names the option: \(result.err)")
            }
        }
    }

    func test_missingOptionValue_exits64() throws {
        for (tool, option) in [("feed-fetch", "--timeout"), ("feed-fetch", "-j"), ("feed-map", "--schema"), ("feed-comments", "--format"), ("feed-cache", "--cache-dir")] {
            let result = try Command.run(tool, [option], stdin: "")
            XCTAssertEqual(result.status, 64, "\(tool) \(option)")
            XCTAssertEqual(result.errLines.count, 1)
        }
    }

    func test_badOptionValues_exit64() throws {
        let cases: [(String, [String])] = [
            ("feed-fetch", ["-j", "0", "http://127.0.0.1/"]), ("feed-fetch", ["-j", "x", "http://127.0.0.1/"]),
            ("feed-fetch", ["--timeout", "-1", "http://127.0.0.1/"]), ("feed-fetch", ["--max-size", "lots", "http://127.0.0.1/"]),
            ("feed-map", ["--schema", "cats"]), ("feed-map", ["--format", "xml"]), ("feed-comments", ["--format", "yaml"]),
            ("feed-map", ["stray-operand"]),
        ]
        for (tool, arguments) in cases {
            let result = try Command.run(tool, arguments, stdin: "{}")
            XCTAssertEqual(result.status, 64, "\(tool) \(arguments)")
            XCTAssertEqual(result.errLines.count, 1, "\(tool) \(arguments)")
        }
    }

    func test_doubleDash_endsOptions() throws {
        let dashed = try Command.run("feed-fetch", ["--", "--help"])
        XCTAssertEqual(dashed.status, 64, "--help after -- is a (malformed) URL, not the option")
        XCTAssertTrue(dashed.err.contains("--help: no scheme: write http:// or https://"), dashed.err)

        let cache = makeTemporaryDirectory(self)
        let result = try Command.run("feed-cache", ["--cache-dir", cache, "--", "load"])
        XCTAssertEqual(result.status, 66, result.err)
    }

    func test_aHugeURLIsShortenedInTheMessageButKeptWholeInTheRecord() throws {
        let url = "ftp://example.com/" + String(repeating: "a", count: 100_000)
        let result = try Command.run("feed-fetch", [url])
        XCTAssertEqual(result.status, 64)
        XCTAssertEqual(result.errLines.count, 1)
        XCTAssertLessThan(result.err.utf8.count, 500, "one line a terminal can show")
        XCTAssertEqual(result.records().first?["url"] as? String, url)
    }

    func test_usageErrorWritesAnErrorRecordForTheNextStage() throws {
        let result = try Command.sh("feed-fetch --frobnicate | feed-map")
        XCTAssertEqual(result.status, 64)
        XCTAssertEqual(result.errLines.count, 1, "only the stage where it started speaks")
        XCTAssertTrue(result.err.hasPrefix("feed-fetch: "))
    }
}

/// With a terminal on stdout, an error is one line on stderr and no record; a
/// terminal on stdin, where records were expected, is a usage error.
final class TerminalTests: XCTestCase {
    override func setUpWithError() throws {
        _ = try RequiredTool.path("script", package: "util-linux")
    }

    /// Runs `command` with stdin, stdout and stderr on a pseudo-terminal; returns what it showed and its status.
    private func onTerminal(_ command: String) throws -> (shown: String, status: Int32) {
        let result = try Command.run("/usr/bin/script", ["-qec", command + "; echo \"[exit $?]\"", "/dev/null"])
        let shown = result.out.replacingOccurrences(of: "\r\n", with: "\n")
        guard let range = shown.range(of: "\\[exit ([0-9]+)\\]", options: .regularExpression),
              let status = Int32(shown[range].dropFirst(6).dropLast()) else {
            XCTFail("no exit status in: \(shown)")
            return (shown, -1)
        }
        return (String(shown[..<range.lowerBound]), status)
    }

    func test_errorOnATerminal_isOneLineAndNoRecord() throws {
        let cache = makeTemporaryDirectory(self)
        let (shown, status) = try onTerminal("feed-cache --cache-dir \(shellQuote(cache)) load")
        XCTAssertEqual(status, 66)
        XCTAssertEqual(shown, "feed-cache: \(cache): no cached feed\n")
    }

    func test_terminalOnStandardInput_isAUsageError() throws {
        for tool in ["feed-fetch", "feed-map", "feed-comments", "feed-cache save", "feed-cache image save"] {
            let (shown, status) = try onTerminal(tool)
            XCTAssertEqual(status, 64, tool)
            XCTAssertTrue(shown.contains("standard input is a terminal"), "\(tool): \(shown)")
            XCTAssertFalse(shown.contains("{"), "no record on a terminal: \(shown)")
        }
    }

    func test_batchFetch_showsAProgressLineOnlyWhenStderrIsATerminal() throws {
        let server = try LoopbackServer(handler: LoopbackRoutes.serving(["/a": .ok("aaaa"), "/b": .ok("bb")]))
        addTeardownBlock { server.stop() }
        let urls = "\(shellQuote(server.url("/a"))) \(shellQuote(server.url("/b")))"

        let (shown, status) = try onTerminal("feed-fetch \(urls) >/dev/null")
        XCTAssertEqual(status, 0)
        XCTAssertTrue(shown.contains("feed-fetch: 2/2 done, 6 B"), shown)

        let piped = try Command.sh("feed-fetch \(urls)")
        XCTAssertEqual(piped.status, 0)
        XCTAssertEqual(piped.err, "", "no progress when stderr is not a terminal")
    }
}
