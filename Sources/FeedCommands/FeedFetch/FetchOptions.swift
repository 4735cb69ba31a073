import FeedCore

/// feed-fetch's options, checked: `-j`, `-H`, `--retry`, `--timeout`,
/// `--connect-timeout`, `--max-size`, `--cacert` (else `$CURL_CA_BUNDLE`,
/// else `$SSL_CERT_FILE`), `--paginate`, `--max-pages`, `--if-changed`,
/// `--cache-dir`, `-v`.
struct FetchOptions {
    var settings = FetchSettings()
    var retries = 0
    var paginate = false
    var maxPages = Pagination.defaultMaxPages
    /// `--if-changed`, and the cache it reads (`--cache-dir`, else as feed-cache finds it).
    var ifChanged = false
    var cacheDir: String?

    /// The ranges of the numeric options, which the parser checks.
    static let jobs = BoundedValue.wholeNumber(1...256)
    static let retry = BoundedValue.wholeNumber(0...100)
    /// `--timeout` and `--connect-timeout`: a millisecond (libcurl's step) to a day.
    static let timeout = BoundedValue.seconds(0.001...86_400)
    /// A body is held in memory: 4G at most.
    static let maxSize = BoundedValue.byteCount(1...(4 << 30))
    static let maxPages = BoundedValue.wholeNumber(Pagination.maxPagesRange)

    init(_ arguments: ParsedArguments, _ stage: Stage) throws(CommandStop) {
        func read<Value>(_ option: OptionKey, _ range: BoundedValue<Value>) throws(CommandStop) -> Value? {
            guard let text = arguments.value(option) else { return nil }
            do throws(ToolError) { return try range.value(text, of: option.canonical) } catch { throw stage.usage(error.message) }
        }
        if let count = try read(.jobs, Self.jobs) { settings.concurrency = count }
        if let count = try read(.retry, Self.retry) { retries = count }
        if let seconds = try read(.timeout, Self.timeout) { settings.limits.timeout = seconds }
        if let seconds = try read(.connectTimeout, Self.timeout) { settings.limits.connectTimeout = seconds }
        if let bytes = try read(.maxSize, Self.maxSize) { settings.limits.maxSize = bytes }
        paginate = arguments.has(.paginate)
        if let count = try read(.maxPages, Self.maxPages) {
            guard paginate else { throw stage.usage("\(OptionKey.maxPages) needs \(OptionKey.paginate)") }
            maxPages = count
        }
        ifChanged = arguments.has(.ifChanged)
        cacheDir = arguments.value(.cacheDir)
        if cacheDir != nil && !ifChanged { throw stage.usage("\(OptionKey.cacheDir) needs \(OptionKey.ifChanged)") }
        if ifChanged && paginate { throw stage.usage("\(OptionKey.ifChanged) takes one URL, not \(OptionKey.paginate)") }
        if cacheDir == "" { throw stage.usage("\(OptionKey.cacheDir) needs a directory") }
        settings.headers = try FetchOptions.headers(arguments.values(of: .header), stage)
        settings.givenHeaderNames = settings.headers.map(\.name)
        settings.caFile = try FetchOptions.caFile(arguments.value(.cacert), stage)
        settings.verbose = arguments.has(.verbose)
    }

    /// `-H 'NAME: VALUE'` and `-H @FILE`, in order; a header's value is never
    /// in a message.
    private static func headers(_ values: [String], _ stage: Stage) throws(CommandStop) -> [RequestHeader] {
        var headers: [RequestHeader] = []
        for value in values {
            do throws(ToolError) {
                if value.hasPrefix("@") {
                    let path = String(value.dropFirst())
                    do throws(ToolError) {
                        headers += try RequestHeader.lines(fromFile: try stage.io.readFile(path, RequestHeader.maximumFileSize))
                    } catch {
                        throw ToolError(.usage, "-H @\(path): \(error.message)")
                    }
                } else {
                    headers.append(try RequestHeader.parse(value))
                }
            } catch {
                throw stage.usage(error.message)
            }
        }
        return RequestHeader.merged(headers)
    }

    /// The CA bundle to trust, where one is named: it must be readable.
    private static func caFile(_ option: String?, _ stage: Stage) throws(CommandStop) -> String? {
        let named = option.map { (OptionKey.cacert.canonical, $0) }
            ?? ["CURL_CA_BUNDLE", "SSL_CERT_FILE"].lazy.compactMap { name in
                stage.io.environment(name).flatMap { $0.isEmpty ? nil : ("$\(name)", $0) }
            }.first
        guard let (source, path) = named else { return nil }
        do {
            try stage.io.checkReadable(path)
        } catch {
            throw stage.usage("\(source): \(error.message)")
        }
        return path
    }
}
