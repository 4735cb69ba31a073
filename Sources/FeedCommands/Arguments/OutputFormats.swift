import FeedCore

/// What each command takes of the output formats (`OutputFormat`), the
/// first of a list its default; its `--format` offers these and no other.
extension OutputFormat {
    /// feed-map and feed-comments: a document as JSON or text, or its items one a line.
    public static let documents: [OutputFormat] = [.json, .text, .jsonl, .tsv]
    /// feed-cache save and load: those of a document, the feed's ids, its page.
    public static let cachedFeed: [OutputFormat] = [.json, .text, .jsonl, .tsv, .ids, .html]
    /// feed-cache status: the report for people, or as one JSON object.
    public static let statusReport: [OutputFormat] = [.text, .json]

    /// The format the output shows documents in (`RecordOutput.show`); nil
    /// where the command writes the feed itself (ids, the page).
    var documentFormat: OutputFormat? { OutputFormat.documents.contains(self) ? self : nil }
}

extension Stage {
    /// `--format`'s value among `formats`, the first if none is given; any
    /// other is a usage error naming them.
    func format(_ arguments: ParsedArguments, from formats: [OutputFormat]) throws(CommandStop) -> OutputFormat {
        let fallback = formats.first ?? .json
        let name = arguments.value(.format) ?? fallback.rawValue
        guard let format = OutputFormat(rawValue: name), formats.contains(format) else {
            let names = formats.map(\.rawValue)
            throw usage("unknown format '\(name)' (\(names.dropLast().joined(separator: ", ")) or \(names.last ?? ""))")
        }
        return format
    }

    /// Reads `--format` (among `formats`) and `--pretty` into the output; a bad value is a usage error.
    func chooseOutput(_ arguments: ParsedArguments, from formats: [OutputFormat]) throws(CommandStop) {
        chooseOutput(arguments, documentsIn: try format(arguments, from: formats))
    }

    /// Reads `--pretty` into the output and shows documents in `format`
    /// (json where the command writes the feed itself: feed-cache's ids and
    /// page). Where items go one a line, so do the records among them:
    /// `--pretty` changes nothing there. Only records carry an error record.
    func chooseOutput(_ arguments: ParsedArguments, documentsIn format: OutputFormat) {
        let shown = format.documentFormat ?? .json
        let pretty = arguments.has(.pretty) && !shown.writesItemLines
        output.writer = JSONWriter(style: pretty ? .pretty : .compact)
        output.format = shown
        output.carriesRecords = format.carriesRecords
    }
}
