import Foundation
import XCTest
import FeedTestSupport

/// zsh's and fish's completions run in the real shells (bash's is
/// `DocumentationTesting.bashComplete`): what `ShellCompletionTests` and
/// `OptionTableTests` ask of them.
extension DocumentationTesting {
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
