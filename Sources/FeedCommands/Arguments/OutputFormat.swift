import FeedCore

/// `--format json|text`: how a command shows a document it made.
public enum OutputFormat: String, CaseIterable, Sendable {
    case json
    case text
}

extension Stage {
    /// Reads `--format` and `--pretty` into the output; a bad value is a usage error.
    func chooseOutput(_ arguments: ParsedArguments) throws {
        let name = arguments.value("--format") ?? OutputFormat.json.rawValue
        guard let format = OutputFormat(rawValue: name) else { throw usage("unknown format '\(name)' (json or text)") }
        chooseOutput(arguments, documentsIn: format)
    }

    /// Reads `--pretty` into the output and shows documents in `format`: for
    /// a command that reads `--format` itself, having formats of its own
    /// besides the documents' (feed-cache's ids).
    func chooseOutput(_ arguments: ParsedArguments, documentsIn format: OutputFormat) {
        output.writer = JSONWriter(style: arguments.has("--pretty") ? .pretty : .compact)
        output.format = format
    }
}
