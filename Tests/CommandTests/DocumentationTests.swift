import Foundation
import XCTest
import FeedTestSupport

/// The man pages, shell completions and Makefile: checked against the built
/// commands' own --help, so that the documentation cannot drift from the code.
final class DocumentationTests: XCTestCase {
    /// The package root, from this file's place in Tests/CommandTests/.
    static let packageRoot: String = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    static let tools = ["feed-fetch", "feed-map", "feed-comments", "feed-cache"]
    static let cacheSubcommands = ["save", "load", "validate", "image"]

    /// Every code each command can exit with. feed-fetch passes on error
    /// records it reads (from `feed-cache load`), so it can exit 74 too.
    static let exitCodes: [String: [Int]] = [
        "feed-fetch": [0, 64, 65, 66, 69, 74, 130, 143],
        "feed-map": [0, 64, 65, 66, 69, 74, 130, 143],
        "feed-comments": [0, 64, 65, 66, 69, 74, 130, 143],
        "feed-cache": [0, 64, 65, 66, 69, 74, 130, 143],
    ]

    static func page(_ tool: String) -> String { packageRoot + "/man/\(tool).1" }
    static let overviewPage = packageRoot + "/man/essential-feed.7"

    // MARK: Man pages

    func testMandocLintReportsNothing() throws {
        let mandoc = try requireProgram("mandoc", package: "mandoc")
        let pages = Self.tools.map(Self.page) + [Self.overviewPage]
        for page in pages {
            XCTAssertTrue(FileManager.default.fileExists(atPath: page), "missing man page \(page)")
        }
        let result = try Command.run(mandoc, ["-Tlint", "-Wwarning"] + pages)
        XCTAssertEqual(result.status, 0, "mandoc -Tlint -Wwarning failed:\n\(result.out)\(result.err)")
        XCTAssertEqual(result.out + result.err, "", "mandoc -Tlint -Wwarning reported problems")
    }

    func testEachCommandPageHasTheUsualSections() throws {
        for tool in Self.tools {
            let sections = try renderedSections(Self.page(tool))
            var required = ["NAME", "SYNOPSIS", "DESCRIPTION", "OPTIONS", "ENVIRONMENT", "EXIT STATUS", "EXAMPLES", "SEE ALSO"]
            if tool == "feed-cache" { required.append("FILES") }
            for name in required {
                XCTAssertNotNil(sections[name], "\(tool).1 has no \(name) section")
            }
            let seeAlso = sections["SEE ALSO"] ?? ""
            XCTAssertTrue(seeAlso.contains("essential-feed(7)"), "\(tool).1: SEE ALSO should name essential-feed(7)")
            for other in Self.tools where other != tool {
                XCTAssertTrue(seeAlso.contains("\(other)(1)"), "\(tool).1: SEE ALSO should name \(other)(1)")
            }
        }
    }

    func testEachCommandPageListsEveryExitCode() throws {
        for tool in Self.tools {
            let sections = try renderedSections(Self.page(tool))
            let listed = Self.listedCodes(sections["EXIT STATUS"] ?? "")
            for code in Self.exitCodes[tool] ?? [] {
                XCTAssertTrue(listed.contains(code), "\(tool).1: EXIT STATUS does not list \(code) (lists \(listed.sorted()))")
            }
        }
    }

    func testOverviewPageCoversRecordsPipelineCacheAndExitCodes() throws {
        let sections = try renderedSections(Self.overviewPage)
        for name in ["NAME", "DESCRIPTION", "RECORDS", "THE PIPELINE", "THE CACHE", "EXIT CODES", "SEE ALSO"] {
            XCTAssertNotNil(sections[name], "essential-feed.7 has no \(name) section")
        }
        let records = sections["RECORDS"] ?? ""
        for record in ["Response record", "Feed document", "Comments document", "Error record"] {
            XCTAssertTrue(records.contains(record), "essential-feed.7: RECORDS does not describe the \(record.lowercased())")
        }
        let listed = Self.listedCodes(sections["EXIT CODES"] ?? "")
        for code in [0, 64, 65, 66, 69, 74, 130, 143] {
            XCTAssertTrue(listed.contains(code), "essential-feed.7: EXIT CODES does not list \(code)")
        }
        let cache = sections["THE CACHE"] ?? ""
        for fact in ["FEED_CACHE_DIR", "XDG_CACHE_HOME", ".cache/essential-feed", "FEED_CACHE_MAX_AGE", "atomic"] {
            XCTAssertTrue(cache.contains(fact), "essential-feed.7: THE CACHE does not mention \(fact)")
        }
        XCTAssertTrue(Self.squeezed(sections["THE PIPELINE"] ?? "").contains(Self.idiom), "essential-feed.7: THE PIPELINE lacks the idiom")
    }

    /// The contract's idiom and the README's pipelines, in the EXAMPLES.
    func testExamplesShowTheRealPipelines() throws {
        let cacheExamples = Self.squeezed(try renderedSections(Self.page("feed-cache"))["EXAMPLES"] ?? "")
        for pipeline in [
            Self.idiom,
            #"feed=$(feed-fetch "$URL" | feed-map | feed-cache save) || feed=$(feed-cache load)"#,
            "feed-cache load | feed-fetch -j 8 | feed-cache image save",
            #"feed-cache image load "$IMG" > img.png || { feed-fetch "$IMG" | feed-cache image save && feed-cache image load "$IMG" > img.png; }"#,
            #"feed-fetch "$API/v1/image/$ID/comments" | feed-comments --format text"#,
            "feed-cache validate",
            "feed-cache load --format html > feed.html && xdg-open feed.html",
        ] {
            XCTAssertTrue(cacheExamples.contains(pipeline), "feed-cache.1: EXAMPLES lacks: \(pipeline)")
        }
        for tool in ["feed-fetch", "feed-map"] {
            let examples = Self.squeezed(try renderedSections(Self.page(tool))["EXAMPLES"] ?? "")
            XCTAssertTrue(examples.contains(Self.idiom), "\(tool).1: EXAMPLES lacks the idiom")
        }
        let comments = Self.squeezed(try renderedSections(Self.page("feed-comments"))["EXAMPLES"] ?? "")
        XCTAssertTrue(comments.contains("feed-comments --format text"), "feed-comments.1: EXAMPLES lacks --format text")
    }

    /// Every option a command's --help prints (each feed-cache subcommand's
    /// too) is in its man page's OPTIONS, and every option the page lists
    /// there is one the command's --help knows.
    func testEveryOptionInHelpIsInTheManPageAndBack() throws {
        for tool in Self.tools {
            var inHelp = try helpOptions(tool)
            if tool == "feed-cache" {
                for subcommand in Self.cacheSubcommands {
                    inHelp.formUnion(try helpOptions(tool, [subcommand]))
                }
            }
            XCTAssertTrue(inHelp.contains("--help"), "could not read the options of \(tool) --help")
            let options = Self.options(in: try renderedSections(Self.page(tool))["OPTIONS"] ?? "")
            for option in inHelp.sorted() {
                XCTAssertTrue(options.contains(option), "\(tool) --help prints \(option), \(tool).1 OPTIONS does not")
            }
            let listed = try Self.listedOptions(Self.page(tool))
            XCTAssertFalse(listed.isEmpty, "\(tool).1: no .It Fl items in OPTIONS")
            for option in listed.sorted() {
                XCTAssertTrue(inHelp.contains(option), "\(tool).1 OPTIONS lists \(option), \(tool) --help does not")
            }
        }
    }

    // MARK: Completions

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
        try expect("feed-cache image ", ["save", "load"])
        try expect("feed-cache --cache-dir /tmp image ", ["save", "load"])
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
        for (words, subcommand) in [("save", "save"), ("load", "load"), ("validate", "validate"), ("image save", "image"), ("image load", "image")] {
            let options = perSubcommand[subcommand] ?? []
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

    // MARK: Makefile

    func testMakefileDefaultsAndTargets() throws {
        let make = try requireProgram("make", package: "make")
        let root = shellQuote(Self.packageRoot)
        let dryRun = try Command.sh("cd \(root) && \(shellQuote(make)) -n install DESTDIR=/dest")
        XCTAssertEqual(dryRun.status, 0, dryRun.err)
        for directory in ["/dest/usr/local/bin", "/dest/usr/local/share/man/man1", "/dest/usr/local/share/man/man7",
                          "/dest/usr/local/share/bash-completion/completions", "/dest/usr/local/share/zsh/site-functions",
                          "/dest/usr/local/share/fish/vendor_completions.d"] {
            XCTAssertTrue(dryRun.out.contains(directory), "make install should use \(directory) by default:\n\(dryRun.out)")
        }
        XCTAssertTrue(dryRun.out.contains("swift build -c release"), "make install should build release binaries:\n\(dryRun.out)")
        let test = try Command.sh("cd \(root) && \(shellQuote(make)) -n test")
        XCTAssertTrue(test.out.contains("swift test"), "make test should run swift test:\n\(test.out)")

        _ = try requireProgram("mandoc", package: "mandoc")
        let docs = try Command.sh("cd \(root) && \(shellQuote(make)) check-docs")
        XCTAssertEqual(docs.status, 0, "make check-docs failed:\n\(docs.out)\(docs.err)")
    }

    /// The one real `make install` of the suite (a release build: slow), into
    /// a DESTDIR, then `make uninstall` from it.
    func testMakeInstallAndUninstall() throws {
        let make = try requireProgram("make", package: "make")
        let mandoc = try requireProgram("mandoc", package: "mandoc")
        let destdir = makeTemporaryDirectory(self)
        // Not .build: `swift test` holds that directory's lock while tests run.
        let scratch = Self.packageRoot + "/.build-install-test"
        let variables = "DESTDIR=\(shellQuote(destdir)) PREFIX=/usr SWIFT_FLAGS=\(shellQuote("--scratch-path=" + scratch))"
        let install = try Command.sh("cd \(shellQuote(Self.packageRoot)) && \(shellQuote(make)) install \(variables)", timeout: 1800)
        XCTAssertEqual(install.status, 0, "make install failed:\n\(install.out)\(install.err)")
        guard install.status == 0 else { return }

        let usr = destdir + "/usr"
        var expected: [String: Int] = [:] // path under DESTDIR: mode
        for tool in Self.tools {
            expected["/usr/bin/\(tool)"] = 0o755
            expected["/usr/share/man/man1/\(tool).1"] = 0o644
            expected["/usr/share/bash-completion/completions/\(tool)"] = 0o644
            expected["/usr/share/zsh/site-functions/_\(tool)"] = 0o644
            expected["/usr/share/fish/vendor_completions.d/\(tool).fish"] = 0o644
        }
        expected["/usr/share/man/man7/essential-feed.7"] = 0o644
        XCTAssertEqual(Set(Self.files(under: destdir)), Set(expected.keys), "make install should install exactly these files")
        for (path, mode) in expected {
            let attributes = try? FileManager.default.attributesOfItem(atPath: destdir + path)
            let actual = (attributes?[.posixPermissions] as? NSNumber)?.intValue
            XCTAssertEqual(actual, mode, "mode of \(path): \(String(actual ?? 0, radix: 8))")
        }

        // The installed commands are the release build (its build ID), stripped,
        // small, with the Swift runtime and the C++ runtime linked in: ldd names
        // nothing of the toolchain, no libstdc++ and no libgcc_s, and they run
        // with an empty environment (no LD_LIBRARY_PATH), feed-fetch loading
        // libcurl.so.4 on its own.
        let readelf = try requireProgram("readelf", package: "binutils")
        let ldd = try requireProgram("ldd", package: "libc-bin")
        let toolchainLib = try Self.swiftRuntimeFolder() ?? "/opt/swift/"
        let release = try Command.sh("cd \(shellQuote(Self.packageRoot)) && \(shellQuote(make)) -s bin-path \(variables)", timeout: 120)
        let releaseBin = release.out.trimmingCharacters(in: .whitespacesAndNewlines)
        let bare = ["-i", "PATH=/usr/bin:/bin", "LD_LIBRARY_PATH="]
        for tool in Self.tools {
            let installed = usr + "/bin/\(tool)"
            let built = try Self.buildID(readelf, releaseBin + "/\(tool)")
            XCTAssertNotNil(built, "\(tool) in \(releaseBin) has no build ID")
            XCTAssertEqual(try Self.buildID(readelf, installed), built, "\(tool) installed is not the release build in \(releaseBin)")

            let sections = try Command.run(readelf, ["-S", "-W", installed])
            XCTAssertEqual(sections.status, 0, "readelf -S \(installed): \(sections.err)")
            XCTAssertFalse(sections.out.contains(".symtab"), "\(tool) installed is not stripped (it has a .symtab)")
            XCTAssertFalse(sections.out.contains(".debug_"), "\(tool) installed keeps debug sections")
            let size = ((try? FileManager.default.attributesOfItem(atPath: installed))?[.size] as? NSNumber)?.intValue ?? -1
            XCTAssertTrue((1...8_000_000).contains(size), "\(tool) installed is \(size) bytes, more than 8 MB")

            let libraries = try Command.run(ldd, [installed])
            XCTAssertEqual(libraries.status, 0, "ldd \(installed): \(libraries.err)")
            for needle in ["libswift", "libFoundation", "libdispatch", "libBlocksRuntime", "libstdc++", "libgcc_s", "not found",
                           toolchainLib, "/opt/swift/"] {
                XCTAssertFalse(libraries.out.contains(needle), "ldd \(tool) installed: \(needle)\n\(libraries.out)")
            }

            let version = try Command.run("/usr/bin/env", bare + [installed, "--version"])
            XCTAssertEqual(version.status, 0, "\(tool) --version with an empty environment: \(version.err)")
            XCTAssertTrue(version.out.hasPrefix("\(tool) "), version.out)
            XCTAssertEqual(version.out, try Command.run(tool, ["--version"]).out, "installed \(tool) --version")
        }
        let server = try serve(["/v1/feed": .ok("{\"items\":[]}")])
        let fetched = try Command.run("/usr/bin/env", bare + [usr + "/bin/feed-fetch", server.url("/v1/feed")])
        XCTAssertEqual(fetched.status, 0, "installed feed-fetch: \(fetched.err)")
        let record = fetched.records().first
        XCTAssertEqual(record?["status"] as? Int, 200, fetched.out)
        XCTAssertEqual(record?["body"] as? String, "{\"items\":[]}", fetched.out)
        let help = try Command.run(usr + "/bin/feed-cache", ["--help"])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.out.hasPrefix("usage: feed-cache"), help.out)

        // The installed pages render, and man finds them by name in that tree.
        for page in Self.tools.map({ "/share/man/man1/\($0).1" }) + ["/share/man/man7/essential-feed.7"] {
            let lint = try Command.run(mandoc, ["-Tlint", "-Wwarning", usr + page])
            XCTAssertEqual(lint.status, 0, "\(page): \(lint.out)\(lint.err)")
            let text = try rendered(usr + page, width: 80)
            XCTAssertTrue(text.contains("\nNAME\n") && text.contains("\nDESCRIPTION\n"), "\(page) does not render:\n\(text)")
        }
        if let man = try? requireProgram("man", package: "man-db") {
            for (section, name) in [("1", "feed-cache"), ("7", "essential-feed")] {
                let shown = try Command.run(man, ["-M", usr + "/share/man", section, name], environment: ["MANPAGER": "cat", "PAGER": "cat"])
                XCTAssertEqual(shown.status, 0, "man -M \(usr)/share/man \(section) \(name): \(shown.err)")
                XCTAssertTrue(shown.out.contains(name), "man -M \(usr)/share/man \(section) \(name) shows nothing")
            }
        }

        // The installed bash completion works from where bash-completion looks.
        let installedBash = try bashComplete("feed-cache ", file: usr + "/share/bash-completion/completions/feed-cache", withBashCompletion: false)
        XCTAssertEqual(Set(installedBash), ["save", "load", "validate", "image"])

        let uninstall = try Command.sh("cd \(shellQuote(Self.packageRoot)) && \(shellQuote(make)) uninstall \(variables)", timeout: 120)
        XCTAssertEqual(uninstall.status, 0, "make uninstall failed:\n\(uninstall.out)\(uninstall.err)")
        XCTAssertEqual(Self.files(under: destdir), [], "make uninstall left files behind")
    }

    /// The toolchain's folder of the Swift runtime (`…/usr/lib/swift/linux/`):
    /// where this test process has its libswiftCore.so from.
    private static func swiftRuntimeFolder() throws -> String? {
        let maps = try String(contentsOfFile: "/proc/self/maps", encoding: .utf8)
        for line in maps.split(separator: "\n") {
            guard let slash = line.firstIndex(of: "/"), line.hasSuffix("/libswiftCore.so") else { continue }
            return String(line[slash...].dropLast("libswiftCore.so".count))
        }
        return nil
    }

    /// An ELF file's GNU build ID (kept by strip), from `readelf -n`.
    private static func buildID(_ readelf: String, _ path: String) throws -> String? {
        let notes = try Command.run(readelf, ["-n", path])
        return notes.outLines.first { $0.contains("Build ID:") }?
            .components(separatedBy: "Build ID:").last?.trimmingCharacters(in: .whitespaces)
    }

    // MARK: Helpers

    static let idiom = #"feed-fetch "$URL" | feed-map | feed-cache save || feed-cache load"#

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
