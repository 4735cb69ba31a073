import FeedCore

/// feed-map: validate a feed response and create the image feed.
public struct FeedMapCommand {
    public init() {}

    static let help = """
    usage: feed-map [--schema images|spots] [--pretty] [--format json|text|jsonl|tsv]
                    [--max-size BYTES] [-o FILE]

    Read response records (from feed-fetch) or bare {"items":[...]} payloads on
    standard input and write one feed document for each. The status must be 200
    and every item valid, else the record is invalid-data.

          --schema NAME     item model: images (default: id, description,
                            location, url) or spots (id, author, description,
                            likes, url), in the order each item's keys are written
          --pretty          indent the documents for people
          --format FORMAT   json (default); text: a readable list; jsonl: each item
                            as one JSON object a line; tsv: each item as one line
                            of tab-separated fields
          --max-size BYTES  most input read, e.g. 64M, 2G (default 1G); more
                            is invalid-data
      -o, --output FILE     write to FILE, whole: into a new file beside it,
                            renamed over FILE only on success; else FILE is
                            left as it was
      -h, --help            show this help and exit
          --version         show the version and exit
    """

    static let options = [
        OptionSpec("--schema", value: "NAME", choices: FeedSchema.allCases.map(\.rawValue)),
        OptionSpec("--pretty"),
        OptionSpec("--format", value: "FORMAT", choices: OutputFormat.allCases.map(\.rawValue)),
        OptionSpec("--max-size", value: "BYTES"),
        OptionSpec("-o", "--output", value: "FILE"),
        OptionSpec("-h", "--help"),
        OptionSpec("--version"),
    ]

    public func run(_ arguments: [String], _ io: StandardIO) -> Int32 {
        Stage.run(tool: "feed-map", io: io) { stage in
            let arguments = try stage.parse(arguments, Self.options) { _ in Self.help }
            try stage.chooseOutput(arguments)
            guard arguments.operands.isEmpty else { throw stage.usage("unexpected argument '\(arguments.operands[0])'") }
            let schemaName = arguments.value("--schema") ?? FeedSchema.images.rawValue
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
