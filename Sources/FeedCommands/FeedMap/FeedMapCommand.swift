import FeedCore

/// feed-map: validate a feed response and create the image feed.
public struct FeedMapCommand {
    public init() {}

    /// feed-map's row of the table: its options, in --help's order.
    static let options = [
        OptionSpec(.schema, choices: FeedSchema.allCases.map(\.rawValue), help: """
            item model: images (default: id, description,
            location, url) or spots (id, author, description,
            likes, url), in the order each item's keys are written
            """),
        OptionSpec(.pretty, help: "indent the documents for people"),
        OptionSpec(.format, formats: OutputFormat.documents, help: """
            json (default); text: a readable list; jsonl: each item
            as one JSON object a line; tsv: each item as one line
            of tab-separated fields
            """),
        OptionSpec(.maxSize, help: """
            most input read, e.g. 64M, 2G (default 1G); more
            is invalid-data
            """),
        OptionSpec(.output, help: """
            write to FILE, whole: into a new file beside it,
            renamed over FILE only on success; else FILE is
            left as it was
            """),
        .help,
        .version,
    ]

    private static let optionHelp = OptionHelp(options: options, column: 24)
    private static func u(_ key: OptionKey) -> String { optionHelp.usage(key) }

    static let help = """
    usage: feed-map \(u(.schema)) \(u(.pretty)) \(u(.format))
                    \(u(.maxSize)) \(u(.output))

    Read response records (from feed-fetch) or bare {"items":[...]} payloads on
    standard input and write one feed document for each. The status must be 200
    and every item valid, else the record is invalid-data.

    \(optionHelp.lines)
    """

    public func run(_ arguments: [String], _ io: StandardIO) -> Int32 {
        Stage.run(tool: "feed-map", io: io) { stage in
            let arguments = try stage.parse(arguments, Self.options) { _ in Self.help }
            try stage.chooseOutput(arguments, from: OutputFormat.documents)
            guard arguments.operands.isEmpty else { throw stage.usage("unexpected argument '\(arguments.operands[0])'") }
            let schemaName = arguments.value(.schema) ?? FeedSchema.images.rawValue
            guard let schema = FeedSchema(rawValue: schemaName) else { throw stage.usage("unknown schema '\(schemaName)' (images or spots)") }
            switch try stage.input.map(expecting: "response records", within: try stage.jsonInputBounds(arguments)) {
            case .mapped(let input):
                try FeedMapping(schema: schema, stage: stage, releasesInput: true).run(input)
            case .read(var input):
                try input.withUnsafeMutableBufferPointer { (buffer) throws(CommandStop) in
                    try FeedMapping(schema: schema, stage: stage, releasesInput: false).run(buffer)
                }
            }
        }
    }
}

/// The option feed-map alone takes.
extension OptionKey {
    public static let schema = OptionKey("--schema", value: "NAME")
}
