import FeedCore

extension Stage {
    /// Parses a command's arguments, answering `--help` (with the help that
    /// `help` gives for them: a subcommand's own, say; then the man page to
    /// read) and `--version`.
    func parse(_ arguments: [String], _ options: [OptionSpec], help: (ParsedArguments) -> String) throws -> ParsedArguments {
        let parsed = try ArgumentParser(tool: tool, options: options).parse(arguments)
        if parsed.has("--help") { try printAndExit(help(parsed) + "\n\nSee \(tool)(1).") }
        if parsed.has("--version") { try printAndExit("\(tool) \(ToolsetVersion.string)") }
        return parsed
    }

    private func printAndExit(_ text: String) throws -> Never {
        try output.emit(bytes: Array((text.hasSuffix("\n") ? text : text + "\n").utf8))
        throw CommandStop.exit(ExitCode.success)
    }
}
