import FeedCore

/// `--format json|text|jsonl|tsv`: how a command shows a document it made.
public enum OutputFormat: String, CaseIterable, Sendable {
    case json
    case text
    case jsonl
    case tsv

    /// The one-item-a-line format it is, if it is one.
    public var itemLines: ItemLineFormat? { ItemLineFormat(rawValue: rawValue) }

    /// Whether the output is records that a next stage reads (json, jsonl),
    /// and so is told of a failure by an error record; text and tsv are for
    /// people and line tools, who have the stderr line and the exit status.
    public var carriesRecords: Bool { self == .json || self == .jsonl }
}

extension Stage {
    /// Reads `--format` and `--pretty` into the output; a bad value is a usage error.
    func chooseOutput(_ arguments: ParsedArguments) throws {
        let name = arguments.value("--format") ?? OutputFormat.json.rawValue
        guard let format = OutputFormat(rawValue: name) else { throw unknownFormat(name, OutputFormat.allCases.map(\.rawValue)) }
        chooseOutput(arguments, documentsIn: format)
    }

    /// Reads `--pretty` into the output and shows documents in `format`: for
    /// a command that reads `--format` itself, having formats of its own
    /// besides the documents' (feed-cache's ids). Where items go one a line,
    /// so do the records among them: `--pretty` changes nothing there.
    func chooseOutput(_ arguments: ParsedArguments, documentsIn format: OutputFormat) {
        let pretty = arguments.has("--pretty") && format.itemLines == nil
        output.writer = JSONWriter(style: pretty ? .pretty : .compact)
        output.format = format
        output.carriesRecords = format.carriesRecords
    }

    /// The usage error of a `--format` the command does not have, naming those it has.
    func unknownFormat(_ name: String, _ names: [String]) -> CommandStop {
        usage("unknown format '\(name)' (\(names.dropLast().joined(separator: ", ")) or \(names.last ?? ""))")
    }
}
