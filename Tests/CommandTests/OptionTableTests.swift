import FeedCommands
import Foundation
import XCTest
import FeedTestSupport

/// The table of options (`CommandOptions.table`: a row for each command and
/// each subcommand of feed-cache) against everything that offers options:
/// the built commands' parsers, their --help, the man pages' SYNOPSIS and
/// OPTIONS, and the bash, zsh and fish completions run in the real shells.
/// Each offers exactly a row's options, and exactly the values of those that
/// take a fixed few (`--format`, `--schema`).
final class OptionTableTests: XCTestCase, DocumentationTesting {

    // MARK: - The parsers

    /// Every option of a command's table is taken where its row says and
    /// refused (64, "takes no") by feed-cache's other subcommands. --help and
    /// --version are answered wherever they are given.
    func test_parsers_takeEachRowsOptions_andRefuseTheOthers() throws {
        let environment = ["FEED_CACHE_DIR": makeTemporaryDirectory(self) + "/cache"]
        for row in CommandOptions.table {
            let everyOption = Set(Self.rows(of: row.words[0]).flatMap(\.options).map(\.canonical)).subtracting(["--help", "--version"])
            let own = Set(row.options.map(\.canonical))
            for option in everyOption.sorted() {
                let spec = try XCTUnwrap(Self.rows(of: row.words[0]).flatMap(\.options).first { $0.canonical == option })
                let arguments = Array(row.words.dropFirst()) + (row.words == ["feed-cache", "image", "load"] ? ["https://img.example/1.png"] : [])
                    + [option] + (spec.value == nil ? [] : [try sampleValue(for: spec)])
                let result = try Command.run(row.words[0], arguments, stdin: "", environment: environment)
                let refused = result.err.contains("takes no") || result.err.contains("unknown option")
                let line = (row.words + [option]).joined(separator: " ")
                if own.contains(option) {
                    XCTAssertFalse(refused, "\(line): refused although its row has it: \(result.err)")
                } else if row.words.count > 1 {
                    // Before any subcommand, every option of feed-cache is read (for the subcommand to come).
                    XCTAssertEqual(result.status, 64, "\(line): \(result.err)")
                    XCTAssertTrue(refused, "\(line): taken although its row lacks it: \(result.err)")
                }
            }
        }
    }

    /// The values of a row's `--format` and `--schema` are those its parser
    /// takes (from the one list each command reads them from).
    func test_parsers_takeEveryValueTheTableOffers() throws {
        let environment = ["FEED_CACHE_DIR": makeTemporaryDirectory(self) + "/cache"]
        for row in CommandOptions.table {
            for spec in row.options where !spec.choices.isEmpty {
                for value in spec.choices + ["no-such-value"] {
                    let result = try Command.run(row.words[0], Array(row.words.dropFirst()) + [spec.canonical, value], stdin: "", environment: environment)
                    let refused = result.err.contains("unknown \(spec.canonical.dropFirst(2)) '\(value)'")
                    XCTAssertEqual(refused, value == "no-such-value", "\(row.words.joined(separator: " ")) \(spec.canonical) \(value): \(result.err)")
                }
            }
        }
    }

    // MARK: - --help

    func test_help_offersExactlyEachRowsOptions_andEndsByNamingTheManPage() throws {
        for row in CommandOptions.table {
            let result = try Command.run(row.words[0], Array(row.words.dropFirst()) + ["--help"])
            XCTAssertEqual(result.status, 0, result.err)
            // feed-cache's overview describes every option of its subcommands, each marked with them.
            let expected = row.words == ["feed-cache"] ? Self.names(Self.rows(of: "feed-cache")) : Self.names([row])
            XCTAssertEqual(Self.options(in: result.out), expected, "\(row.words.joined(separator: " ")) --help")
            XCTAssertTrue(result.out.hasSuffix("\n\nSee \(row.words[0])(1).\n"), "\(row.words.joined(separator: " ")) --help ends: \(result.out.suffix(60))")
        }
    }

    func test_help_offersExactlyTheValuesOfEachOption() throws {
        for row in CommandOptions.table {
            let help = try Command.run(row.words[0], Array(row.words.dropFirst()) + ["--help"]).out
            for spec in row.options where !spec.choices.isEmpty {
                XCTAssertEqual(Self.usageValues(of: spec.canonical, in: help), spec.choices,
                               "\(row.words.joined(separator: " ")) --help's usage line: \(help.split(separator: "\n").first ?? "")")
            }
        }
    }

    // MARK: - The man pages

    /// Each SYNOPSIS line of a page is a row's (feed-cache's name their
    /// subcommand), with the row's options but --help, which a line of its own
    /// offers for every row; together they offer every option of the command.
    func test_manSynopsis_offersExactlyEachRowsOptions_andTheirValues() throws {
        for tool in Self.tools {
            let lines = try Self.synopsisLines(Self.page(tool))
            let rows = Self.rows(of: tool)
            XCTAssertEqual(Self.canonical(lines.reduce(into: Set<String>()) { $0.formUnion($1.options) }, rows), Self.canonical(rows),
                           "\(tool).1 SYNOPSIS")
            // `image` alone is no command line: its three subcommands are.
            for row in rows where row.words.count > 1 && row.words != ["feed-cache", "image"] {
                let line = lines.first { $0.words == Array(row.words.dropFirst()) }
                XCTAssertEqual(Self.canonical(line?.options ?? [], [row]), Self.canonical([row]).subtracting(["--help"]),
                               "\(tool).1 SYNOPSIS for \(row.words.joined(separator: " "))")
                for spec in row.options where !spec.choices.isEmpty {
                    XCTAssertEqual(line?.values[spec.canonical], spec.choices, "\(tool).1 SYNOPSIS: \(row.words.joined(separator: " ")) \(spec.canonical)")
                }
            }
            if rows.count == 1, let row = rows.first {
                for spec in row.options where !spec.choices.isEmpty {
                    XCTAssertEqual(lines.compactMap { $0.values[spec.canonical] }, [spec.choices], "\(tool).1 SYNOPSIS \(spec.canonical)")
                }
            }
        }
    }

    func test_manOptions_listExactlyTheCommandsOptions_andTheirValues() throws {
        for tool in Self.tools {
            let rows = Self.rows(of: tool)
            XCTAssertEqual(try Self.listedOptions(Self.page(tool)), Self.names(rows), "\(tool).1 OPTIONS")
            let values = try Self.listedValues(Self.page(tool))
            // One entry an option: the values of every row's spec of that name (status's --format takes two of six).
            for spec in rows.flatMap(\.options) where !spec.choices.isEmpty {
                let every = rows.flatMap(\.options).filter { $0.canonical == spec.canonical }.map(\.choices)
                let longest = every.max { $0.count < $1.count } ?? spec.choices
                XCTAssertEqual(values[spec.canonical], longest, "\(tool).1 OPTIONS: \(spec.canonical)")
                XCTAssertTrue(every.allSatisfy { Set($0).isSubset(of: longest) }, "\(tool).1 OPTIONS: \(spec.canonical)")
            }
        }
    }

    // MARK: - The completions

    func test_bashCompletion_offersExactlyEachRowsOptions_andTheirValues() throws {
        guard Self.bashCompletionScript != nil else {
            throw RequiredTool.missing("needs bash-completion (apt-get install bash-completion)")
        }
        try checkCompletions(shell: "bash") { line, file in try self.bashComplete(line, file: file, withBashCompletion: true) }
    }

    func test_zshCompletion_offersExactlyEachRowsOptions_andTheirValues() throws {
        _ = try requireProgram("zsh", package: "zsh")
        try checkCompletions(shell: "zsh") { line, _ in try self.zshComplete(line) }
    }

    func test_fishCompletion_offersExactlyEachRowsOptions_andTheirValues() throws {
        _ = try requireProgram("fish", package: "fish")
        try checkCompletions(shell: "fish") { line, file in try self.fishComplete(line, file: file) }
    }

    /// For each row: the options offered after its words (`-` and `--`
    /// typed), and the values offered after each option that has a few.
    private func checkCompletions(shell: String, _ complete: (String, String) throws -> [String]) throws {
        for row in CommandOptions.table {
            let file = ShellCompletionTests.completionFile(shell: shell, tool: row.words[0])
            let words = row.words.joined(separator: " ") + (row.words == ["feed-cache", "image", "load"] ? " https://img.example/1.png" : "")
            let offered = Set(try complete(words + " -", file) + complete(words + " --", file)).filter { $0.hasPrefix("-") && $0 != "--" }
            XCTAssertEqual(offered, Self.names([row]), "\(shell): completing '\(words) -'")
            for spec in row.options where !spec.choices.isEmpty {
                XCTAssertEqual(Set(try complete("\(words) \(spec.canonical) ", file)), Set(spec.choices), "\(shell): completing '\(words) \(spec.canonical) '")
            }
        }
    }

    // MARK: - Every document, whole

    /// Each command's table against every place its options are written out
    /// whole, not only where they are offered: its --help (every row's),
    /// every `Fl` of its man page, and every option its bash, zsh and fish
    /// completion files name anywhere (the lists they offer, the cases that
    /// take a value, the words skipped to find the subcommand). Each names
    /// every option of the command's rows; none names an option that is in
    /// no row (a man page may name another command's, as in a pipeline).
    func test_everyTableOption_isInHelpManPageAndEachCompletion_andNoOtherOptionIs() throws {
        let everyCommandsOptions = Self.names(CommandOptions.table).union(["--"])
        for tool in Self.tools {
            let own = Self.names(Self.rows(of: tool))
            var help = Set<String>()
            for row in Self.rows(of: tool) {
                help.formUnion(Self.options(in: try Command.run(row.words[0], Array(row.words.dropFirst()) + ["--help"]).out))
            }
            XCTAssertEqual(help, own, "\(tool) --help, every row's")

            let page = try Self.pageFlags(Self.page(tool))
            XCTAssertEqual(own.subtracting(page), [], "\(tool).1: options of the table it never names")
            XCTAssertEqual(page.subtracting(everyCommandsOptions), [], "\(tool).1: options in no row of the table")

            for shell in ["bash", "zsh", "fish"] {
                let file = ShellCompletionTests.completionFile(shell: shell, tool: tool)
                let named = try Self.completionOptions(String(contentsOfFile: file, encoding: .utf8), shell: shell)
                XCTAssertEqual(own.subtracting(named), [], "\(file): options of the table it never names")
                XCTAssertEqual(named.subtracting(own), [], "\(file): options in no row of \(tool)'s table")
            }
        }
    }

    /// The table is the one spelling of each option: in each target of
    /// Sources/ (each program's parser), a string literal that starts with a
    /// long option (`"--pretty"`, `"--port="`) stands once; a message or a
    /// parser names the option through its key (`OptionKey`).
    func test_sources_spellEachLongOptionOnce() throws {
        let sources = Self.packageRoot + "/Sources"
        var checked = 0
        for target in try FileManager.default.contentsOfDirectory(atPath: sources).sorted() {
            var seen: [String: [String]] = [:]
            for file in Self.files(under: sources + "/" + target) where file.hasSuffix(".swift") {
                let text = try String(contentsOfFile: sources + "/" + target + file, encoding: .utf8)
                for literal in Self.longOptionLiterals(in: text) {
                    seen[literal, default: []].append(target + file)
                }
                checked += 1
            }
            for (literal, files) in seen.sorted(by: { $0.key < $1.key }) where files.count > 1 {
                XCTFail("\(literal) is spelt \(files.count) times in Sources/\(target): \(files.joined(separator: ", "))")
            }
        }
        XCTAssertGreaterThan(checked, 100, "read too few source files in \(sources)")
        XCTAssertEqual(Self.longOptionLiterals(in: #"a("--pretty") + "x --y" + "--port=" + "--" // "--no""#), ["\"--pretty", "\"--port"])
    }

    /// `"--name` at the start of each string literal in Swift source, outside comments.
    static func longOptionLiterals(in source: String) -> [String] {
        source.split(separator: "\n").flatMap { line -> [String] in
            let code = line.range(of: "//").map { String(line[..<$0.lowerBound]) } ?? String(line)
            return code.matches(of: #/"--[a-z][a-z0-9-]*/#).map { String($0.output) }
        }
    }

    /// Every option an mdoc page names with `Fl`, in any section.
    static func pageFlags(_ page: String) throws -> Set<String> {
        try String(contentsOfFile: page, encoding: .utf8).split(separator: "\n").reduce(into: Set<String>()) { flags, line in
            flags.formUnion(Self.flags(in: line.split(separator: " ").map(String.init)).options)
        }
    }

    /// Every option a completion file names, outside comments: fish's
    /// `complete` says them as `-l NAME` and `-s X`; anywhere else an option
    /// is a word `-x` or `--name`, but for the flags of the shell's own
    /// commands (`compgen -W`, `_arguments -s -S`, `set -l`, `test -eq`).
    static func completionOptions(_ text: String, shell: String) throws -> Set<String> {
        let shellCommands: Set<String> = ["compgen", "compopt", "complete", "declare", "_init_completion", "_filedir", "local", "[[",
                                          "_arguments", "_describe", "_values", "compadd", "typeset", "set", "commandline", "string",
                                          "contains", "test", "functions", "__fish_seen_subcommand_from", "__fish_use_subcommand"]
        let testOperators: Set<String> = ["-eq", "-ne", "-lt", "-le", "-gt", "-ge", "-n", "-z"]
        var options = Set<String>()
        for line in text.split(separator: "\n") {
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
            guard let first = words.first, !first.hasPrefix("#") else { continue }
            let code = Array(words.prefix { !$0.hasPrefix("#") })
            if shell == "fish" && first == "complete" {
                for (index, word) in code.enumerated().dropLast() where ["-l", "-s", "-o"].contains(word) {
                    options.insert((word == "-l" ? "--" : "-") + code[index + 1])
                }
                continue
            }
            var shellFlags = false
            for word in code {
                // `$(compgen -W ...)`, `(commandline -opc)`: the command after a subshell's parenthesis.
                if shellCommands.contains(String(word.split(separator: "(", omittingEmptySubsequences: false).last ?? "")) {
                    shellFlags = true
                    continue
                }
                if shellFlags && word.hasPrefix("-") { continue }
                shellFlags = false
                guard !testOperators.contains(word) else { continue }
                for match in word.matches(of: #/(?:^|[^A-Za-z0-9_$-])(--?[A-Za-z][A-Za-z0-9-]*)/#) {
                    options.insert(String(match.output.1))
                }
            }
        }
        return options
    }

    // MARK: - Helpers

    static func rows(of tool: String) -> [CommandOptions] {
        CommandOptions.table.filter { $0.words[0] == tool }
    }

    /// Every name of every option of `rows`.
    static func names(_ rows: [CommandOptions]) -> Set<String> {
        Set(rows.flatMap(\.options).flatMap(\.names))
    }

    /// The options of `rows` that `names` names (by any of their names), by
    /// their canonical names; a name that is none of theirs stands as itself.
    static func canonical(_ names: Set<String>, _ rows: [CommandOptions]) -> Set<String> {
        let specs = rows.flatMap(\.options)
        return Set(names.map { name in specs.first { $0.names.contains(name) }?.canonical ?? name })
    }

    static func canonical(_ rows: [CommandOptions]) -> Set<String> {
        Set(rows.flatMap(\.options).map(\.canonical))
    }

    /// A value the option takes, so that a refusal can only be of the option itself.
    private func sampleValue(for spec: OptionSpec) throws -> String {
        if let choice = spec.choices.first { return choice }
        switch spec.value {
        case "DIR": return makeTemporaryDirectory(self)
        case "DURATION": return "7d"
        case "FILE":
            let file = makeTemporaryDirectory(self) + "/file"
            try "x\n".write(toFile: file, atomically: true, encoding: .utf8)
            return file
        case "HEADER": return "X-Probe: 1"
        case "BYTES": return "1K"
        default: return "1"
        }
    }

    /// `a|b|c` after `option` in a help's usage lines.
    static func usageValues(of option: String, in help: String) -> [String]? {
        let usage = help.components(separatedBy: "\n\n").first ?? ""
        guard let range = usage.range(of: option + " ") else { return nil }
        let word = usage[range.upperBound...].prefix { !$0.isWhitespace && $0 != "]" }
        return word.split(separator: "|").map(String.init)
    }

    /// One line of a SYNOPSIS (a `.Nm` and what follows it): the subcommand's
    /// words, the options, and the values written after an option (`Cm a | b`).
    struct SynopsisLine {
        var words: [String] = []
        var options: Set<String> = []
        var values: [String: [String]] = [:]
    }

    static func synopsisLines(_ page: String) throws -> [SynopsisLine] {
        var lines: [SynopsisLine] = []
        for line in try section("SYNOPSIS", of: page) {
            let macros = line.split(separator: " ").map(String.init)
            if macros.first == ".Nm" { lines.append(SynopsisLine()); continue }
            guard !lines.isEmpty else { continue }
            let (options, values) = flags(in: macros)
            lines[lines.count - 1].options.formUnion(options)
            lines[lines.count - 1].values.merge(values) { $1 }
            if let ic = macros.firstIndex(of: "Ic") ?? (macros.first == ".Ic" ? 0 : nil), !macros.contains("subcommand") {
                lines[lines.count - 1].words += macros[(ic + 1)...].filter { !$0.hasPrefix(".") && $0 != "Ic" }
            }
        }
        return lines
    }

    /// The values written after options in the `.It Fl` items of a page's OPTIONS.
    static func listedValues(_ page: String) throws -> [String: [String]] {
        try section("OPTIONS", of: page).filter { $0.hasPrefix(".It ") }.reduce(into: [:]) { values, line in
            values.merge(flags(in: line.split(separator: " ").map(String.init)).values) { $1 }
        }
    }

    /// The mdoc source lines of a section.
    private static func section(_ name: String, of page: String) throws -> [String] {
        var inside = false
        var lines: [String] = []
        for line in try String(contentsOfFile: page, encoding: .utf8).split(separator: "\n").map(String.init) {
            if line.hasPrefix(".Sh ") { inside = line == ".Sh \(name)"; continue }
            if inside { lines.append(line) }
        }
        return lines
    }

    /// `Fl`, `Cm`, `Op`: a two-letter mdoc macro called within a line.
    private static func isMacro(_ word: String) -> Bool {
        guard word.count == 2, let first = word.first, let last = word.last else { return false }
        return first.isUppercase && last.isLowercase
    }

    /// In one line's macros, the options after `Fl` (`Fl h | -help` is -h and
    /// --help) and the values after `Cm` following an option.
    private static func flags(in macros: [String]) -> (options: Set<String>, values: [String: [String]]) {
        var options = Set<String>()
        var values: [String: [String]] = [:]
        var current: String?
        var last: String?
        for word in macros.map({ $0.trimmingCharacters(in: CharacterSet(charactersIn: ",;")) }) where !word.isEmpty && word != "|" {
            if word.first == "." || Self.isMacro(word) {
                current = word.hasPrefix(".") ? String(word.dropFirst()) : word
                continue
            }
            switch current {
            case "Fl":
                let name = "-" + word
                options.insert(name)
                last = name
            case "Cm":
                if let last { values[last, default: []].append(word) }
            default:
                break
            }
        }
        return (options, values)
    }
}
