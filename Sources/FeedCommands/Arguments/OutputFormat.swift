import FeedCore

/// `--format json|text`: how a command shows what it made.
public enum OutputFormat: String, Sendable {
    case json
    case text
}

extension Stage {
    /// Reads `--format` and `--pretty` into the output; a bad value is a usage error.
    func chooseOutput(_ arguments: ParsedArguments) throws {
        output.writer = JSONWriter(style: arguments.has("--pretty") ? .pretty : .compact)
        let name = arguments.value("--format") ?? OutputFormat.json.rawValue
        guard let format = OutputFormat(rawValue: name) else { throw usage("unknown format '\(name)' (json or text)") }
        output.format = format
    }
}
