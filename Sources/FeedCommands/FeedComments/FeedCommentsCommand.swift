import FeedCore
import FeedPresentation

/// feed-comments: validate a comments response, create the comments, and present them.
public struct FeedCommentsCommand {
    public init() {}

    /// feed-comments' row of the table: its options, in --help's order.
    static let options = [
        OptionSpec(.pretty, help: "indent the documents for people"),
        OptionSpec(.format, formats: OutputFormat.documents, help: """
            json (default); text: username, how long ago, message;
            jsonl: each comment as one JSON object a line; tsv: each
            comment as one line of tab-separated fields
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

    static let help = """
    usage: feed-comments \(optionHelp.usage(.pretty)) \(optionHelp.usage(.format)) \(optionHelp.usage(.output))

    Read response records (from feed-fetch) or bare {"items":[...]} payloads on
    standard input and write one comments document for each. The status must be
    2xx and every comment valid, else the record is invalid-data.

    \(optionHelp.lines)
    """

    public func run(_ arguments: [String], _ io: StandardIO) -> Int32 {
        Stage.run(tool: "feed-comments", io: io) { stage in
            let arguments = try stage.parse(arguments, Self.options) { _ in Self.help }
            guard arguments.operands.isEmpty else { throw stage.usage("unexpected argument '\(arguments.operands[0])'") }
            try stage.chooseOutput(arguments, from: OutputFormat.documents)
            var records = RecordReader(try stage.input.read(expecting: "response records", within: InputBounds(isJSON: true)))
            while let next = records.next() {
                try map(next, stage)
            }
        }
    }

    private func map(_ next: Result<Record, ToolError>, _ stage: Stage) throws(CommandStop) {
        let record: Record
        do {
            record = try next.get()
        } catch {
            return try stage.diagnostics.fail(error)
        }
        switch record {
        case .response(let response):
            try show(stage, url: response.url) { () throws(ToolError) in
                try ImageCommentsMapper.map(status: response.status, body: response.body)
            }
        case .document(let payload):
            try show(stage, url: nil) { () throws(ToolError) in try ImageCommentsMapper.map(payload: payload) }
        case .error(let record):
            try stage.diagnostics.passOn(record)
        case .fresh(let fresh):
            try stage.diagnostics.fail(ToolError(.invalidData, "expected response records, got a fresh record (it is for feed-cache save)"),
                                       url: fresh.url)
        }
    }

    private func show(_ stage: Stage, url: String?, _ mapping: () throws(ToolError) -> [ImageComment]) throws(CommandStop) {
        let comments: [ImageComment]
        do {
            comments = try mapping()
        } catch {
            return try stage.diagnostics.fail(error, url: url)
        }
        switch stage.output.format {
        case .json: try stage.output.emit(ImageCommentsMapper.document(comments))
        case .text: try stage.output.emit(bytes: Array(TextFormat.comments(comments, now: stage.io.now().seconds).utf8))
        default: try stage.output.emit(bytes: stage.output.format.commentLines(comments)) // jsonl, tsv: the rest of its formats
        }
    }
}
