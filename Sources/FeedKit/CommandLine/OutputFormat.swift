/// `--format json|text` and `--pretty`: how a command shows what it made.
public enum OutputFormat: String, Sendable {
    case json
    case text

    /// Reads `--format` (and `--pretty` into the stage's writer); a bad value is a usage error.
    public static func parse(_ arguments: ParsedArguments, stage: Stage) -> OutputFormat {
        stage.writer = JSONWriter(style: arguments.has("--pretty") ? .pretty : .compact)
        let name = arguments.value("--format") ?? OutputFormat.json.rawValue
        guard let format = OutputFormat(rawValue: name) else { stage.usage("unknown format '\(name)' (json or text)") }
        return format
    }

    /// Writes a feed document in this format.
    public func emit(_ document: FeedDocument, _ stage: Stage) {
        switch self {
        case .json: stage.emit(document.json)
        case .text: stage.emit(bytes: Array(TextFormat.feed(document.items).utf8))
        }
    }
}
