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
    usage: feed-fetch [-j N] [-H 'NAME: VALUE']... [--retry N] [--timeout SECONDS]
                      [--connect-timeout SECONDS] [--max-size BYTES] [--cacert FILE]
                      [--pretty] [URL ...]

    GET each URL and write one response record per URL, in the order given.
    With no URL, read URLs (one a line) or a feed document (its items' urls)
    from standard input.

      -j, --jobs N              fetch N URLs at once (default 1); output keeps input order
      -H, --header 'NAME: VALUE'
                                send this header on every request (repeatable; a later
                                one replaces an earlier one of the same name); -H @FILE
                                reads header lines from FILE. Values are never printed.
          --retry N             try a transfer again up to N times on connectivity
                                failures and 408, 429, 500, 502, 503, 504 (waiting 1s,
                                2s, 4s... up to 60s, or what Retry-After asks)
          --timeout SECONDS     give up on a transfer after SECONDS (default 60)
          --connect-timeout SECONDS
                                give up on connecting after SECONDS
          --max-size BYTES      largest body accepted, e.g. 512K, 64M (default 64M)
          --cacert FILE         trust the CAs in FILE (PEM) instead of the system's
                                (default: $CURL_CA_BUNDLE, else $SSL_CERT_FILE)
          --pretty              indent the records for people
      -h, --help                show this help and exit
          --version             show the version and exit

    Proxies come from http_proxy, https_proxy, ALL_PROXY and no_proxy, as curl
    reads them. Compressed responses are asked for and written decoded.
    """

    static let options = [
        OptionSpec("-j", "--jobs", value: "N"),
        OptionSpec("-H", "--header", value: "HEADER"),
        OptionSpec("--retry", value: "N"),
        OptionSpec("--timeout", value: "SECONDS"),
        OptionSpec("--connect-timeout", value: "SECONDS"),
        OptionSpec("--max-size", value: "BYTES"),
        OptionSpec("--cacert", value: "FILE"),
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
        var client = try makeClient(options.settings)
        if options.retries > 0 {
            client = RetryingHTTPClient(client: client, policy: RetryPolicy(retries: options.retries), now: stage.io.now)
        }
        let fetcher = BatchFetcher(client: client, concurrency: options.settings.concurrency)
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
