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

    init(_ arguments: ParsedArguments, _ stage: Stage) throws(CommandStop) {
        if let value = arguments.value("--jobs") {
            guard let count = Int(value), (1...256).contains(count) else { throw stage.usage("-j needs a whole number from 1 to 256, got '\(value)'") }
            settings.concurrency = count
        }
        if let value = arguments.value("--retry") {
            guard let count = Int(value), (0...100).contains(count) else { throw stage.usage("--retry needs a whole number from 0 to 100, got '\(value)'") }
            retries = count
        }
        if let value = arguments.value("--timeout") {
            guard let seconds = Quantities.seconds(value) else { throw stage.usage("--timeout needs a positive number of seconds, got '\(value)'") }
            settings.limits.timeout = seconds
        }
        if let value = arguments.value("--connect-timeout") {
            guard let seconds = Quantities.seconds(value) else { throw stage.usage("--connect-timeout needs a positive number of seconds, got '\(value)'") }
            settings.limits.connectTimeout = seconds
        }
        if let value = arguments.value("--max-size") {
            guard let bytes = Quantities.byteCount(value) else { throw stage.usage("--max-size needs a byte count such as 1048576 or 64M, got '\(value)'") }
            settings.limits.maxSize = bytes
        }
        paginate = arguments.has("--paginate")
        if let value = arguments.value("--max-pages") {
            guard paginate else { throw stage.usage("--max-pages needs --paginate") }
            guard let count = Int(value), Pagination.maxPagesRange.contains(count) else { throw stage.usage("--max-pages needs a whole number from 1 to 10000, got '\(value)'") }
            maxPages = count
        }
        ifChanged = arguments.has("--if-changed")
        cacheDir = arguments.value("--cache-dir")
        if cacheDir != nil && !ifChanged { throw stage.usage("--cache-dir needs --if-changed") }
        if ifChanged && paginate { throw stage.usage("--if-changed takes one URL, not --paginate") }
        if cacheDir == "" { throw stage.usage("--cache-dir needs a directory") }
        settings.headers = try FetchOptions.headers(arguments.values["--header"] ?? [], stage)
        settings.givenHeaderNames = settings.headers.map(\.name)
        settings.caFile = try FetchOptions.caFile(arguments.value("--cacert"), stage)
        settings.verbose = arguments.has("--verbose")
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
                        headers += try RequestHeader.lines(fromFile: try stage.io.readFile(path))
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
        let named = option.map { ("--cacert", $0) }
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
