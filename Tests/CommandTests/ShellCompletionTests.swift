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

        try expect("feed-cache ", ["save", "load", "validate", "image"])
        try expect("feed-cache image ", ["save", "load", "missing"])
        try expect("feed-cache --cache-dir /tmp image ", ["save", "load", "missing"])
        try expect("feed-map --schema ", ["images", "spots"])
        try expect("feed-map --format ", ["json", "text"])
        try expect("feed-comments --format ", ["json", "text"])
        try expect("feed-cache load --format ", ["json", "text", "ids", "html"])

        // Each command's options, as its --help prints them.
        for tool in ["feed-fetch", "feed-map", "feed-comments"] {
            let options = try helpOptions(tool)
            try expect("\(tool) --", options.filter { $0.hasPrefix("--") }, exactly: false)
            try expect("\(tool) -", options, exactly: false)
        }

        // feed-cache: the options common to every subcommand, and --version, at
        // the top; each subcommand's own options only after it.
        var perSubcommand: [String: Set<String>] = [:]
        for subcommand in Self.cacheSubcommands {
            perSubcommand[subcommand] = try helpOptions("feed-cache", [subcommand])
        }
        let everySubcommand = perSubcommand.values.reduce(into: Set(perSubcommand["save"] ?? [])) { $0.formIntersection($1) }
        let anySubcommand = perSubcommand.values.reduce(into: Set<String>()) { $0.formUnion($1) }
        XCTAssertTrue(everySubcommand.contains("--cache-dir"), "could not read feed-cache's subcommand options")
        let top = everySubcommand.union(["--version"])
        try expect("feed-cache -", top, exactly: false, without: anySubcommand.subtracting(top))
        try expect("feed-cache --", top.filter { $0.hasPrefix("--") }, exactly: false, without: anySubcommand.subtracting(top))
        // The image subcommands share one help; of its options only image missing takes --pretty.
        let image = perSubcommand["image"] ?? []
        let options: [(words: String, options: Set<String>)] = [
            ("save", perSubcommand["save"] ?? []), ("load", perSubcommand["load"] ?? []), ("validate", perSubcommand["validate"] ?? []),
            ("image save", image.subtracting(["--pretty"])), ("image load", image.subtracting(["--pretty"])), ("image missing", image),
        ]
        XCTAssertTrue(image.contains("--pretty"), "could not read the image subcommands' options")
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

    /// A real zsh, in a pseudo-terminal (zpty), with compinit and the
    /// completion functions on fpath: types the line and a TAB, and records
    /// what the completion system offers (compadd is wrapped to print them).
    func zshComplete(_ commandLine: String) throws -> [String] {
        let zsh = try requireProgram("zsh", package: "zsh")
        let work = makeTemporaryDirectory(self)
        let initScript = work + "/init.zsh"
        try """
        PS1='' PROMPT='' RPROMPT='' PS2=''
        autoload -Uz compinit && compinit -u -D
        bindkey '^I' complete-word
        zstyle ':completion:*' insert-tab false
        compprefuncs=( __doc_test_begin )
        comppostfuncs=( __doc_test_end )
        __doc_test_begin() { print -r -- '<DOC-TEST-BEGIN>' }
        __doc_test_end() { print -r -- '<DOC-TEST-END>'; exit 0 }
        compadd() {
          # Calls that only collect matches (-O, -A, -D) offer nothing.
          if [[ ${@[1,(i)(-|--)]} == *-(O|A|D)\\ * ]]; then
            builtin compadd "$@"
            return
          fi
          local -a __doc_test_hits
          builtin compadd -A __doc_test_hits "$@"
          local __doc_test_hit
          for __doc_test_hit in $__doc_test_hits; do
            print -r -- "<DOC-TEST-MATCH>$__doc_test_hit</DOC-TEST-MATCH>"
          done
          builtin compadd "$@"
        }
        print -r -- '<DOC-TEST-READY>'
        """.write(toFile: initScript, atomically: true, encoding: .utf8)
        let driver = """
        zmodload zsh/zpty || exit 3
        zpty doc ${(q)1} -f -i
        zpty -w doc "fpath=(${(q)2} \\$fpath); source ${(q)3}"
        local out
        while zpty -r doc out; do [[ $out == *'<DOC-TEST-READY>'* ]] && break; done
        zpty -w -n doc "$4"$'\\t'
        while zpty -r doc out; do
          print -rn -- "$out"
          [[ $out == *'<DOC-TEST-END>'* ]] && break
        done
        zpty -d doc
        """
        let result = try Command.run(zsh, ["-f", "-c", driver, "zsh", zsh, Self.packageRoot + "/completions/zsh", initScript, commandLine],
                                     environment: ["HOME": work, "TERM": "dumb"], timeout: 30)
        if result.status == 3 { throw RequiredTool.missing("needs zsh with the zsh/zpty module (apt-get install zsh)") }
        XCTAssertEqual(result.status, 0, "zsh completion of '\(commandLine)' failed: \(result.err)")
        XCTAssertTrue(result.out.contains("<DOC-TEST-END>"), "zsh never completed '\(commandLine)': \(result.out)")
        let pattern = try NSRegularExpression(pattern: "<DOC-TEST-MATCH>(.*?)</DOC-TEST-MATCH>")
        let text = result.out
        return pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap {
            Range($0.range(at: 1), in: text).map { String(text[$0]) }
        }
    }

    /// A real fish: sources the file, then `complete -C` the line.
    func fishComplete(_ commandLine: String, file: String) throws -> [String] {
        let fish = try requireProgram("fish", package: "fish")
        let home = makeTemporaryDirectory(self)
        let result = try Command.run(fish, ["--no-config", "-c", "source $argv[1]; or exit 3; complete -C $argv[2]", file, commandLine],
                                     environment: ["HOME": home, "XDG_CONFIG_HOME": home + "/config", "XDG_DATA_HOME": home + "/data"],
                                     timeout: 30)
        XCTAssertEqual(result.status, 0, "fish completion of '\(commandLine)' failed: \(result.err)")
        return result.outLines.map { String($0.split(separator: "\t", maxSplits: 1, omittingEmptySubsequences: false)[0]) }
    }
}
