import Foundation
import XCTest
import FeedTestSupport

/// The shell completions (bash, zsh, fish), run in the real shells and
/// checked against the built commands' own --help.
final class ShellCompletionTests: XCTestCase, DocumentationTesting {

    func testBashCompletionWithoutBashCompletionPackage() throws {
        try checkCompletions(shell: "bash") { line, file in try self.bashComplete(line, file: file, withBashCompletion: false) }
    }

    func testBashCompletionWithBashCompletionPackage() throws {
        guard Self.bashCompletionScript != nil else {
            throw RequiredTool.missing("needs bash-completion (apt-get install bash-completion)")
        }
        try checkCompletions(shell: "bash") { line, file in try self.bashComplete(line, file: file, withBashCompletion: true) }
    }

    func testZshCompletion() throws {
        _ = try requireProgram("zsh", package: "zsh")
        try checkCompletions(shell: "zsh") { line, _ in try self.zshComplete(line) }
    }

    func testFishCompletion() throws {
        _ = try requireProgram("fish", package: "fish")
        try checkCompletions(shell: "fish") { line, file in try self.fishComplete(line, file: file) }
    }

    /// What every shell's completions must offer; `complete` gives the
    /// candidates for a command line (ending where the cursor is) and the
    /// completion file of the line's command.
    func checkCompletions(shell: String, file: StaticString = #filePath, line: UInt = #line,
                          _ complete: (String, String) throws -> [String]) throws {
        func offers(_ commandLine: String) throws -> Set<String> {
            let tool = String(commandLine.split(separator: " ")[0])
            let path = Self.completionFile(shell: shell, tool: tool)
            XCTAssertTrue(FileManager.default.fileExists(atPath: path), "missing \(path)", file: file, line: line)
            return Set(try complete(commandLine, path))
        }
        func expect(_ commandLine: String, _ expected: Set<String>, exactly: Bool = true, without: Set<String> = []) throws {
            let got = try offers(commandLine)
            if exactly {
                XCTAssertEqual(got, expected, "\(shell): completing '\(commandLine)'", file: file, line: line)
            } else {
                XCTAssertTrue(expected.isSubset(of: got), "\(shell): completing '\(commandLine)' offers \(got.sorted()), missing \(expected.subtracting(got).sorted())", file: file, line: line)
            }
            XCTAssertTrue(got.isDisjoint(with: without), "\(shell): completing '\(commandLine)' offers \(got.intersection(without).sorted()), which do not apply there", file: file, line: line)
        }

        try expect("feed-cache ", ["save", "load", "validate", "status", "image"])
        try expect("feed-cache image ", ["save", "load", "missing"])
        try expect("feed-cache --cache-dir /tmp image ", ["save", "load", "missing"])
        try expect("feed-map --schema ", ["images", "spots"])
        try expect("feed-map --format ", ["json", "text", "jsonl", "tsv"])
        try expect("feed-comments --format ", ["json", "text", "jsonl", "tsv"])
        try expect("feed-cache load --format ", ["json", "text", "jsonl", "tsv", "ids", "html"])
        try expect("feed-cache status --format ", ["text", "json"])

        // Each command's options, as its --help prints them.
        for tool in ["feed-fetch", "feed-map", "feed-comments"] {
            let options = try helpOptions(tool)
            try expect("\(tool) --", options.filter { $0.hasPrefix("--") }, exactly: false)
            try expect("\(tool) -", options, exactly: false)
        }

        // feed-cache: the options common to every subcommand, --version, and
        // --max-age (which the synopsis puts before the subcommands that read
        // the feed: feed-cache --max-age 1d load) at the top; each subcommand's
        // own options only after it.
        var perSubcommand: [String: Set<String>] = [:]
        for subcommand in Self.cacheSubcommands {
            perSubcommand[subcommand] = try helpOptions("feed-cache", [subcommand])
        }
        let everySubcommand = perSubcommand.values.reduce(into: Set(perSubcommand["save"] ?? [])) { $0.formIntersection($1) }
        let anySubcommand = perSubcommand.values.reduce(into: Set<String>()) { $0.formUnion($1) }
        XCTAssertTrue(everySubcommand.contains("--cache-dir"), "could not read feed-cache's subcommand options")
        let top = everySubcommand.union(["--version", "--max-age"])
        try expect("feed-cache -", top, exactly: false, without: anySubcommand.subtracting(top))
        try expect("feed-cache --", top.filter { $0.hasPrefix("--") }, exactly: false, without: anySubcommand.subtracting(top))
        // Each image subcommand has its own help; only image missing reads the feed (--max-age) and writes one (--pretty).
        var options: [(words: String, options: Set<String>)] = [
            ("save", perSubcommand["save"] ?? []), ("load", perSubcommand["load"] ?? []), ("validate", perSubcommand["validate"] ?? []),
            ("status", perSubcommand["status"] ?? []),
        ]
        for image in ["save", "load", "missing"] {
            options.append(("image \(image)", try helpOptions("feed-cache", ["image", image])))
        }
        XCTAssertTrue(options.last?.options.contains("--pretty") == true, "could not read the image subcommands' options")
        XCTAssertFalse(options[4].options.contains("--max-age"), "image save takes no --max-age")
        for (words, options) in options {
            try expect("feed-cache \(words) -", options, exactly: false, without: anySubcommand.subtracting(options))
            try expect("feed-cache --cache-dir /tmp \(words) --", options.filter { $0.hasPrefix("--") }, exactly: false,
                       without: anySubcommand.subtracting(options))
        }

        // --cache-dir completes directories, not files.
        let directory = makeTemporaryDirectory(self)
        try FileManager.default.createDirectory(atPath: directory + "/alpha-dir", withIntermediateDirectories: true)
        XCTAssertTrue(FileManager.default.createFile(atPath: directory + "/beta-file", contents: Data("x".utf8)))
        let got = try offers("feed-cache --cache-dir \(directory)/")
        XCTAssertTrue(got.contains { $0.hasSuffix("alpha-dir") || $0.hasSuffix("alpha-dir/") },
                      "\(shell): --cache-dir should offer the directory alpha-dir, offers \(got.sorted())", file: file, line: line)
        XCTAssertFalse(got.contains { $0.contains("beta-file") }, "\(shell): --cache-dir offers a file: \(got.sorted())", file: file, line: line)
    }

    static func completionFile(shell: String, tool: String) -> String {
        switch shell {
        case "bash": return packageRoot + "/completions/bash/\(tool)"
        case "zsh": return packageRoot + "/completions/zsh/_\(tool)"
        default: return packageRoot + "/completions/fish/\(tool).fish"
        }
    }
}
