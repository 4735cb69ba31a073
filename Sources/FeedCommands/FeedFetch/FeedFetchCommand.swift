import FeedCore

/// feed-fetch: "System downloads data from the URL." One response record per
/// URL, in the order given, `-j` at a time; or, with `--paginate`, one per
/// page of a feed, following `after_id` (see FeedFetchCommand+Pagination).
public struct FeedFetchCommand {
    /// Makes the HTTP client for a run's settings (or says why it cannot).
    public typealias ClientFactory = (FetchSettings) throws(ToolError) -> HTTPClient
    /// Makes the store of a cache directory, which `--if-changed` only reads.
    public typealias StoreFactory = (_ directory: String) -> FeedStore

    let makeClient: ClientFactory
    let makeStore: StoreFactory

    public init(client makeClient: @escaping ClientFactory, store makeStore: @escaping StoreFactory) {
        self.makeClient = makeClient
        self.makeStore = makeStore
    }

    static let options = [
        OptionSpec("-j", "--jobs", value: "N", range: FetchOptions.jobs),
        OptionSpec("-H", "--header", value: "HEADER"),
        OptionSpec("--retry", value: "N", range: FetchOptions.retry),
        OptionSpec("--timeout", value: "SECONDS", range: FetchOptions.timeout),
        OptionSpec("--connect-timeout", value: "SECONDS", range: FetchOptions.timeout),
        OptionSpec("--max-size", value: "BYTES", range: FetchOptions.maxSize),
        OptionSpec("--cacert", value: "FILE"),
        OptionSpec("--paginate"),
        OptionSpec("--if-changed"),
        OptionSpec("--cache-dir", value: "DIR"),
        OptionSpec("--max-pages", value: "N", range: FetchOptions.maxPages),
        OptionSpec("--pretty"),
        OptionSpec("-o", "--output", value: "FILE"),
        OptionSpec("-v", "--verbose"),
        OptionSpec("-h", "--help"),
        OptionSpec("--version"),
    ]

    public func run(_ arguments: [String], _ io: StandardIO) -> Int32 {
        Stage.run(tool: "feed-fetch", io: io) { stage in
            let arguments = try stage.parse(arguments, Self.options) { _ in FeedFetchHelp.text }
            var options = try FetchOptions(arguments, stage)
            stage.output.writer = JSONWriter(style: arguments.has("--pretty") ? .pretty : .compact)
            if options.ifChanged, let fresh = try askIfChanged(arguments.operands, &options, stage) {
                return try stage.output.emit(fresh.json)
            }
            if options.paginate { return try paginate(arguments.operands, options, stage) }
            let targets: [FetchTarget]
            if arguments.operands.isEmpty {
                targets = try FetchTarget.targets(fromInput: stage.input.read(expecting: "URLs, a feed document or item lines", within: InputBounds(isJSON: false)))
            } else {
                targets = FetchTarget.targets(fromArguments: arguments.operands)
            }
            try fetch(targets, options, stage)
        }
    }

    /// The run's client: the factory's, trying again as `--retry` asks.
    func client(_ options: FetchOptions, _ stage: Stage) throws(ToolError) -> HTTPClient {
        let client = try makeClient(options.settings)
        guard options.retries > 0 else { return client }
        return RetryingHTTPClient(client: client, policy: RetryPolicy(retries: options.retries), now: stage.io.now)
    }

    private func fetch(_ targets: [FetchTarget], _ options: FetchOptions, _ stage: Stage) throws {
        // Nothing to GET (an empty document: a prefetch with nothing missing):
        // libcurl is not even loaded.
        let client = targets.contains(where: \.needsFetch) ? try client(options, stage) : NoRequestsHTTPClient()
        let fetcher = BatchFetcher(client: client, concurrency: options.settings.concurrency)
        // With -v the heads are on stderr: no progress line redrawn among them.
        let progress = options.settings.verbose ? nil : ProgressLine(tool: stage.tool, total: targets.count, errors: stage.io.errors)
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
