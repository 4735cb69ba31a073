import FeedCore

/// feed-fetch: "System downloads data from the URL." One response record per
/// URL, in the order given, `-j` at a time; or, with `--paginate`, one per
/// page of a feed, following `after_id` (see `paginate` below).
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

    /// feed-fetch's row of the table: its options, in --help's order.
    static let options = [
        OptionSpec(.jobs, range: FetchOptions.jobs, help: """
            fetch N URLs at once, 1 to 256 (default 1); output
            keeps input order; to a server that offers HTTP/2,
            over one connection
            """),
        OptionSpec(.header, shownValue: "'NAME: VALUE'", help: """
            send this header on every request (repeatable; a later
            one replaces an earlier one of the same name); -H @FILE
            reads header lines from FILE (1 MiB at most). Values
            are never printed. Sent only to the URL's origin
            (scheme, host, port): not after a redirect elsewhere
            """),
        OptionSpec(.retry, range: FetchOptions.retry, help: """
            try a transfer again up to N times, 0 to 100, on
            connectivity failures and 408, 429, 500, 502, 503, 504
            (waiting 1s, 2s, 4s... up to 60s, or what Retry-After
            asks)
            """),
        OptionSpec(.timeout, range: FetchOptions.timeout, help: """
            give up on a transfer after SECONDS, 0.001 to 86400
            (default 60)
            """),
        OptionSpec(.connectTimeout, range: FetchOptions.timeout, help: """
            give up on connecting after SECONDS, 0.001 to 86400
            """),
        OptionSpec(.maxSize, range: FetchOptions.maxSize, help: """
            largest body accepted, 1 to 4G, e.g. 512K, 64M
            (default 64M)
            """),
        OptionSpec(.cacert, help: """
            trust the CAs in FILE (PEM) instead of the system's
            (default: $CURL_CA_BUNDLE, else $SSL_CERT_FILE)
            """),
        OptionSpec(.paginate, help: """
            follow the pages of the feed at one URL: after a 200
            page holding exactly 'limit' items (the URL's limit
            query value; without one, any non-empty page), GET the
            URL again with after_id set to that page's last item's
            id, as written; one record a page
            """),
        OptionSpec(.maxPages, range: FetchOptions.maxPages, help: """
            with \(OptionKey.paginate), stop after N pages, 1 to 10000
            (default 100)
            """),
        OptionSpec(.ifChanged, help: """
            ask whether the feed at URL changed since the cache saved
            it: send the ETag and Last-Modified stored with it
            (If-None-Match, If-Modified-Since); a 304 record then
            tells feed-cache save to keep the cached feed. The
            cache is only read; if it holds no feed from URL, or
            cannot be read, a plain GET
            """),
        OptionSpec(.cacheDir, help: """
            with \(OptionKey.ifChanged), the cache to read (default: as
            feed-cache finds it)
            """),
        OptionSpec(.pretty, help: "indent the records for people"),
        OptionSpec(.output, help: """
            write the records to FILE, whole: into a new file beside
            it, renamed over FILE only if every transfer succeeded;
            else FILE is left as it was
            """),
        OptionSpec(.verbose, help: """
            on stderr, the head of every request sent ('> ' lines)
            and response received ('< '), redirects, retries and
            pages included; '[K] ' first with -j (K: the input's
            place). Values of -H headers, Authorization,
            Proxy-Authorization, Cookie, Set-Cookie: [hidden], as
            is a URL's password, in -v and in every message
            """),
        .help,
        .version,
    ]

    private static let optionHelp = OptionHelp(options: options, column: 28)
    private static func u(_ key: OptionKey) -> String { optionHelp.usage(key) }

    /// Its --help: the usage and option lines made from its row.
    static let help = """
    usage: feed-fetch \(u(.jobs)) \(u(.header))... \(u(.retry)) \(u(.timeout))
                      \(u(.connectTimeout)) \(u(.maxSize)) \(u(.cacert))
                      \(u(.pretty)) \(u(.verbose)) \(u(.output)) [URL ...]
           feed-fetch \(optionHelp.bare(.paginate)) \(u(.maxPages)) [options] URL
           feed-fetch \(optionHelp.bare(.ifChanged)) \(u(.cacheDir)) [options] URL

    GET each URL and write one response record per URL, in the order given.
    With no URL, read URLs (one a line), a feed document or item lines (the
    jsonl format of feed-cache load) from standard input: each item's url.

    \(optionHelp.lines)

    Proxies come from http_proxy, https_proxy, ALL_PROXY and no_proxy, as curl
    reads them. Compressed responses are asked for and written decoded.
    """

    public func run(_ arguments: [String], _ io: StandardIO) -> Int32 {
        Stage.run(tool: "feed-fetch", io: io) { stage in
            let arguments = try stage.parse(arguments, Self.options) { _ in Self.help }
            var options = try FetchOptions(arguments, stage)
            stage.output.writer = JSONWriter(style: arguments.has(.pretty) ? .pretty : .compact)
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

/// The options feed-fetch alone takes.
extension OptionKey {
    public static let jobs = OptionKey("-j", "--jobs", value: "N")
    public static let header = OptionKey("-H", "--header", value: "HEADER")
    public static let retry = OptionKey("--retry", value: "N")
    public static let timeout = OptionKey("--timeout", value: "SECONDS")
    public static let connectTimeout = OptionKey("--connect-timeout", value: "SECONDS")
    public static let cacert = OptionKey("--cacert", value: "FILE")
    public static let paginate = OptionKey("--paginate")
    public static let maxPages = OptionKey("--max-pages", value: "N")
    public static let ifChanged = OptionKey("--if-changed")
    public static let verbose = OptionKey("-v", "--verbose")
}

extension FeedFetchCommand {
    /// `--if-changed URL`: the request asks "changed since?" with the
    /// validators the cache holds for exactly that URL (If-None-Match,
    /// If-Modified-Since); a header of either name given with -H wins. The
    /// cache is only read, and one that cannot be read means a plain GET.
    ///
    /// No request at all while the cached feed from that URL is fresh (the
    /// fresh record to write instead), nor while the server's `Retry-After`
    /// remembered in the refresh's history has not come (`deferred`).
    @_optimize(size)
    func askIfChanged(_ operands: [String], _ options: inout FetchOptions, _ stage: Stage) throws(CommandStop) -> FreshRecord? {
        guard operands.count == 1, let url = operands.first else {
            throw stage.usage("\(OptionKey.ifChanged) needs exactly one URL argument")
        }
        guard let directory = try? CacheConfiguration.directory(cacheDir: options.cacheDir, environment: stage.io.environment) else {
            return nil
        }
        let store = makeStore(directory)
        let policy = (try? CacheConfiguration.resolve(cacheDir: directory, maxAge: nil, environment: stage.io.environment))?.policy
        let loader = LocalFeedLoader(store: store, currentDate: stage.io.now, policy: policy ?? FeedCachePolicy())
        if let until = loader.freshUntil(savedFrom: url) { return FreshRecord(url: url, freshUntil: until) }
        if let notBefore = (store as? RefreshHistoryStore)?.refreshHistory()?.notBefore, stage.io.now() < notBefore {
            let when = ISO8601.format(notBefore.seconds)
            throw CommandStop.failure(ToolError(.deferred, "not asked: the server asked to wait until \(when) (Retry-After)",
                                                notBefore: notBefore), url: url)
        }
        guard let validators = loader.validators(savedFrom: url) else { return nil }
        let conditional = validators.conditionalHeaders.map { RequestHeader(name: $0.name, value: $0.value) }
        options.settings.headers = RequestHeader.merged(conditional + options.settings.headers)
        return nil
    }
}

extension FeedFetchCommand {
    /// `--paginate URL`: the feed's pages, one response record each, written
    /// as each arrives (see `Pagination` for when they end). A status is a
    /// response, for the mapper to judge; a page that fails is its error
    /// record, the last one, and the run's exit code.
    func paginate(_ operands: [String], _ options: FetchOptions, _ stage: Stage) throws {
        guard operands.count == 1, let operand = operands.first else {
            throw stage.usage(operands.isEmpty
                ? "\(OptionKey.paginate) needs a URL argument (it does not read URLs from standard input)"
                : "\(OptionKey.paginate) takes one URL argument, got \(operands.count)")
        }
        let url: String
        do {
            url = try Identifiers.fetchableURL(operand)
        } catch {
            throw CommandStop.failure(error, url: operand)
        }
        let pages = PaginatedFetch(client: try client(options, stage), maxPages: options.maxPages)
        let cut = try pages.run(url) { page in
            switch page {
            case .success(let record): try stage.output.emit(record.json)
            case .failure(let record): try stage.diagnostics.fail(record.error, url: record.url)
            }
        }
        if let cut {
            stage.diagnostics.notice("stopped after \(cut) \(cut == 1 ? "page" : "pages") (\(OptionKey.maxPages) \(cut)); the feed may have more")
        }
    }
}
