import Foundation
import XCTest
import FeedTestSupport

/// The man pages, shell completions and Makefile: checked against the built
/// commands' own --help, so that the documentation cannot drift from the code.
///
/// What `ManPageTests`, `ShellCompletionTests` and `MakefileTests` share: the
/// package's files, the commands' codes and options, and the pages rendered.
protocol DocumentationTesting: XCTestCase {}

extension DocumentationTesting {

    /// The package root, from this file's place in Tests/CommandTests/.
    static var packageRoot: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
    }

    static var tools: [String] { ["feed-fetch", "feed-map", "feed-comments", "feed-cache"] }
    static var cacheSubcommands: [String] { ["save", "load", "validate", "status", "image"] }

    /// Every code each command can exit with. feed-fetch passes on error
    /// records it reads (from `feed-cache load`), so it can exit 74 too.
    static var exitCodes: [String: [Int]] {
        [
            "feed-fetch": [0, 64, 65, 66, 69, 74, 130, 143],
            "feed-map": [0, 64, 65, 66, 69, 74, 130, 143],
            "feed-comments": [0, 64, 65, 66, 69, 74, 130, 143],
            "feed-cache": [0, 64, 65, 66, 69, 74, 130, 143],
        ]
    }

    static func page(_ tool: String) -> String { packageRoot + "/man/\(tool).1" }

    /// The pages of docs/ (`api.md`, ...), which install puts beside the README.
    static var docPages: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: packageRoot + "/docs")) ?? []).filter { $0.hasSuffix(".md") }.sorted()
    }
    static var overviewPage: String { packageRoot + "/man/essential-feed.7" }

    // MARK: Bash completion (the completion tests, and the installed one)

    static var bashCompletionScript: String? {
        ["/usr/share/bash-completion/bash_completion", "/etc/bash_completion", "/usr/local/share/bash-completion/bash_completion"]
            .first { FileManager.default.fileExists(atPath: $0) }
    }

    /// A real bash: loads bash-completion (or not), then the file; sets
    /// COMP_WORDS, COMP_CWORD, COMP_LINE, COMP_POINT as bash would; calls the
    /// function that `complete -p` names for the command; prints COMPREPLY.
    func bashComplete(_ commandLine: String, file: String, withBashCompletion: Bool) throws -> [String] {
        let bash = try requireProgram("bash", package: "bash")
        let script = """
        if [ -n "$1" ]; then . "$1" || exit 3; fi
        . "$2" || exit 3
        shift 2
        COMP_WORDS=("$@")
        COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
        COMP_LINE="$*"
        COMP_POINT=${#COMP_LINE}
        spec=$(complete -p "$1") || { echo "no completion for $1" >&2; exit 4; }
        function=${spec##*-F }
        function=${function%% *}
        "$function" "$1" "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
        printf '%s\\n' "${COMPREPLY[@]}"
        """
        var words = commandLine.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        if commandLine.hasSuffix(" ") { words.append("") }
        let home = makeTemporaryDirectory(self)
        let result = try Command.run(bash, ["--norc", "--noprofile", "-c", script, "bash",
                                            withBashCompletion ? (Self.bashCompletionScript ?? "") : "", file] + words,
                                     environment: ["HOME": home], timeout: 30)
        XCTAssertEqual(result.status, 0, "bash completion of '\(commandLine)' failed: \(result.err)")
        return result.outLines
    }

    // MARK: Helpers

    static var idiom: String { #"feed-fetch "$URL" | feed-map | feed-cache save || feed-cache load"# }

    /// The full path of `name` on PATH (see `RequiredTool`).
    func requireProgram(_ name: String, package: String) throws -> String {
        try RequiredTool.path(name, package: package)
    }

    /// The options (`-x`, `--long`) in a command's --help.
    func helpOptions(_ tool: String, _ arguments: [String] = []) throws -> Set<String> {
        let result = try Command.run(tool, arguments + ["--help"])
        XCTAssertEqual(result.status, 0, "\(tool) \(arguments.joined(separator: " ")) --help")
        return Self.options(in: result.out)
    }

    /// `-x` and `--long` tokens in a text.
    static func options(in text: String) -> Set<String> {
        var options = Set<String>()
        for token in text.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "-") }) {
            if token.range(of: "^--?[A-Za-z][A-Za-z0-9-]*$", options: .regularExpression) != nil {
                options.insert(String(token))
            }
        }
        return options
    }

    /// The options named by `.It Fl ...` items in a page's OPTIONS section (mdoc source).
    static func listedOptions(_ page: String) throws -> Set<String> {
        let source = try String(contentsOfFile: page, encoding: .utf8)
        var inOptions = false
        var options = Set<String>()
        for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix(".Sh ") { inOptions = line == ".Sh OPTIONS" }
            guard inOptions, line.hasPrefix(".It ") else { continue }
            let words = line.split(separator: " ").map(String.init)
            for (index, word) in words.enumerated() where word == "Fl" && index + 1 < words.count {
                let name = words[index + 1].trimmingCharacters(in: CharacterSet(charactersIn: ",;|"))
                if !name.isEmpty { options.insert("-" + name) }
            }
        }
        return options
    }

    /// The codes at the start of the lines of an EXIT STATUS list.
    static func listedCodes(_ section: String) -> Set<Int> {
        Set(section.split(separator: "\n").compactMap { line in
            line.split(whereSeparator: { $0 == " " || $0 == "\t" }).first.flatMap { Int($0) }
        })
    }

    /// White space runs as one space, for comparing pipelines broken over lines.
    static func squeezed(_ text: String) -> String {
        text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).joined(separator: " ")
    }

    /// A page rendered by mandoc as plain text: no overstrikes (bold and
    /// underline), and with `width`, no line breaks inside a paragraph.
    func rendered(_ page: String, width: Int = 1000) throws -> String {
        let mandoc = try requireProgram("mandoc", package: "mandoc")
        let result = try Command.run(mandoc, ["-Tascii", "-Owidth=\(width)", page])
        XCTAssertEqual(result.status, 0, "mandoc \(page): \(result.err)")
        var text = String.UnicodeScalarView()
        for scalar in result.out.unicodeScalars {
            if scalar == "\u{8}" {
                if !text.isEmpty { text.removeLast() }
            } else {
                text.append(scalar)
            }
        }
        return String(text)
    }

    /// A rendered page, by section.
    func renderedSections(_ page: String) throws -> [String: String] {
        var sections: [String: String] = [:]
        var current: String?
        for line in try rendered(page).split(separator: "\n", omittingEmptySubsequences: false) {
            let isHeader = !line.isEmpty && line.first != " " && line.first != "\t"
                && line.allSatisfy { ($0.isLetter && $0.isUppercase) || $0 == " " }
            if isHeader {
                current = String(line)
                sections[String(line)] = ""
            } else if let current {
                sections[current, default: ""] += line + "\n"
            }
        }
        return sections
    }

    /// Regular files and links under `root`, as paths relative to it.
    static func files(under root: String) -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: root) else { return [] }
        var files: [String] = []
        while let relative = walker.nextObject() as? String {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: root + "/" + relative, isDirectory: &isDirectory), isDirectory.boolValue { continue }
            files.append("/" + relative)
        }
        return files.sorted()
    }
}
