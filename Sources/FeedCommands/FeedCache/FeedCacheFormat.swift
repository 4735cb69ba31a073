import FeedCore

/// feed-cache's `--format` (`save`, `load`): the feed as a document, in one
/// of the output's formats (json, text), or as its ids, one a line, as they
/// were saved. A format of the feed's own (a page for people, say) is one
/// more case here, with its writer in `show`.
enum FeedCacheFormat: String, CaseIterable {
    case json
    case text
    case ids

    /// The format the output shows documents in; nil where `show` writes the feed itself.
    var documentFormat: OutputFormat? {
        switch self {
        case .json: .json
        case .text: .text
        case .ids: nil
        }
    }

    /// `--format`'s value, json if none; an unknown one is a usage error.
    static func chosen(by arguments: ParsedArguments, _ stage: Stage) throws(CommandStop) -> FeedCacheFormat {
        let name = arguments.value("--format") ?? json.rawValue
        guard let format = FeedCacheFormat(rawValue: name) else {
            let names = allCases.map(\.rawValue)
            throw stage.usage("unknown format '\(name)' (\(names.dropLast().joined(separator: ", ")) or \(names.last ?? ""))")
        }
        return format
    }
}
