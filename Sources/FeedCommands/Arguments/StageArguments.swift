import FeedCore

extension Stage {
    /// Parses a command's arguments, answering `--help` (with the help that
    /// `help` gives for them: a subcommand's own, say; then the man page to
    /// read) and `--version`.
    func parse(_ arguments: [String], _ options: [OptionSpec], help: (ParsedArguments) -> String) throws -> ParsedArguments {
        let parsed = try ArgumentParser(tool: tool, options: options).parse(arguments)
        if parsed.has(.help) { try printAndExit(help(parsed) + "\n\nSee \(tool)(1).") }
        if parsed.has(.version) { try printAndExit("\(tool) \(ToolsetVersion.string)") }
        try chooseOutputFile(parsed)
        return parsed
    }

    private func printAndExit(_ text: String) throws -> Never {
        try output.emit(bytes: Array((text.hasSuffix("\n") ? text : text + "\n").utf8))
        throw CommandStop.exit(ExitCode.success)
    }
}

extension Stage {
    /// The most `--max-size` may say: 1024G, far above any feed, and far
    /// below where a byte count could overflow.
    static let largestMaxSize = 1 << 40

    /// The bounds of standard input for a command that reads JSON values
    /// (`InputBounds`), its limit given by `--max-size BYTES` where the
    /// command has that option.
    func jsonInputBounds(_ arguments: ParsedArguments) throws(CommandStop) -> InputBounds {
        let option = OptionKey.maxSize.canonical
        guard let value = arguments.value(.maxSize) else {
            return InputBounds(option: option, isJSON: true)
        }
        guard let bytes = Quantities.byteCount(value), bytes >= 1, bytes <= Stage.largestMaxSize else {
            throw usage("\(option) needs a byte count from 1 to 1024G, such as 1048576 or 512M, got '\(value)'")
        }
        return InputBounds(maxSize: bytes, option: option, isJSON: true)
    }
}

extension Stage {
    /// `-o FILE`: what the command writes goes to a new file beside FILE,
    /// renamed over it only if the run succeeds (`OutputFile`).
    func chooseOutputFile(_ arguments: ParsedArguments) throws(CommandStop) {
        guard let path = arguments.value(.output) else { return }
        try outputFile.open(path, self)
    }
}
