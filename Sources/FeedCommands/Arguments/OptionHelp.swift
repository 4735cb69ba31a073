/// A command's --help made from its row of the table: each option as a
/// usage line writes it (`[--format json|text|jsonl|tsv]`), and the lines
/// that list the options, each spec's help beside its names, at `column`.
struct OptionHelp {
    let options: [OptionSpec]
    /// Where the help of each option starts.
    let column: Int

    /// The option as a usage line writes it, bracketed: its short name if it
    /// has one, then its values (`a|b`) or the placeholder of its value.
    func usage(_ key: OptionKey) -> String {
        "[\(bare(key))]"
    }

    /// `--paginate`, `--max-pages N`: the option as a usage line requires it.
    func bare(_ key: OptionKey) -> String {
        let spec = options.first { $0.key == key } ?? OptionSpec(key)
        let value = spec.choices.isEmpty ? spec.shownValue ?? key.value : spec.choices.joined(separator: "|")
        return ([key.names.first ?? ""] + (value.map { [$0] } ?? [])).joined(separator: " ")
    }

    /// Every option's lines, in the row's order.
    var lines: String {
        options.map(lines(of:)).joined(separator: "\n")
    }

    /// `  -j, --jobs N              fetch N URLs...`, the help's later lines under its first.
    func lines(of spec: OptionSpec) -> String {
        let short = spec.names.count > 1 ? spec.names[0] + ", " : "    "
        let value = (spec.shownValue ?? spec.value).map { " " + $0 } ?? ""
        let names = "  " + short + spec.canonical + value
        let indent = String(repeating: " ", count: column)
        let help = spec.help.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\n" + indent)
        if names.count + 2 <= column {
            return names + String(repeating: " ", count: column - names.count) + help
        }
        return names + "\n" + indent + help
    }
}
