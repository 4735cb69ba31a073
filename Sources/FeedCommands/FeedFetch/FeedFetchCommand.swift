import FeedCore

/// feed-fetch: "System downloads data from the URL." One response record per
/// URL, in the order given, `-j` at a time.
public struct FeedFetchCommand {
    /// Makes the HTTP client for a run's settings (or says why it cannot).
    public typealias ClientFactory = (FetchSettings) throws(ToolError) -> HTTPClient

    private let makeClient: ClientFactory

    public init(client makeClient: @escaping ClientFactory) {
        self.makeClient = makeClient
    }

    static let help = """
    usage: feed-fetch [-j N] [--timeout SECONDS] [--max-size BYTES] [--pretty] [URL ...]

    GET each URL and write one response record per URL, in the order given.
    With no URL, read URLs (one a line) or a feed document (its items' urls)
    from standard input.

      -j, --jobs N          fetch N URLs at once (default 1); output keeps input order
          --timeout SECONDS give up on a transfer after SECONDS (default 60)
          --max-size BYTES  largest body accepted, e.g. 512K, 64M (default 64M)
          --pretty          indent the records for people
      -h, --help            show this help and exit
          --version         show the version and exit
    """

    static let options = [
        OptionSpec("-j", "--jobs", value: "N"),
        OptionSpec("--timeout", value: "SECONDS"),
        OptionSpec("--max-size", value: "BYTES"),
        OptionSpec("--pretty"),
        OptionSpec("-h", "--help"),
        OptionSpec("--version"),
    ]

    public func run(_ arguments: [String], _ io: StandardIO) -> Int32 {
        Stage.run(tool: "feed-fetch", io: io) { stage in
            let arguments = try stage.parse(arguments, Self.options) { _ in Self.help }
            let options = try FetchOptions(arguments, stage)
            stage.output.writer = JSONWriter(style: arguments.has("--pretty") ? .pretty : .compact)
            let targets: [FetchTarget]
            if arguments.operands.isEmpty {
                targets = try FetchTarget.targets(fromInput: stage.input.read(expecting: "URLs or a feed document"))
            } else {
                targets = FetchTarget.targets(fromArguments: arguments.operands)
            }
            try fetch(targets, options, stage)
        }
    }

    private func fetch(_ targets: [FetchTarget], _ options: FetchOptions, _ stage: Stage) throws {
        let fetcher = BatchFetcher(client: try makeClient(options.settings), concurrency: options.settings.concurrency)
        let progress = ProgressLine(tool: stage.tool, total: targets.count, errors: stage.io.errors)
        stage.diagnostics.progress = progress
        defer { progress?.clear() }
        var done = 0, bytes = 0
        try fetcher.run(targets) { outcome in
            switch outcome {
            case .response(let record):
                try stage.output.emit(record.json)
                bytes += record.body.count
            case .failed(let record): try stage.diagnostics.fail(record.error, url: record.url)
            case .passedOn(let record): try stage.diagnostics.passOn(record)
            }
            done += 1
            progress?.update(done: done, bytes: bytes)
        }
    }
}
