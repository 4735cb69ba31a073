import FeedCore

/// What every transfer of a run is set up with: the limits, the request
/// headers, the trusted CAs, and how many at once.
public struct CurlSettings: @unchecked Sendable {
    public var limits: FetchLimits
    public var concurrency: Int
    /// Header lines as libcurl takes them (`Name: value`, `Name;` for an
    /// empty value, `Name:` to send none), on every request.
    public var headers: [String]
    /// A PEM bundle of CAs to trust instead of the system's.
    public var caFile: String?
    /// Where proxies are read from (as libcurl reads them), to name a proxy in a message.
    public var environment: (String) -> String?
    /// `-v`: where the heads of requests and responses go; nil (the default) asks libcurl for none.
    public var trace: CurlTrace?

    public init(limits: FetchLimits, concurrency: Int, headers: [String] = [], caFile: String? = nil,
                environment: @escaping (String) -> String? = { _ in nil }, trace: CurlTrace? = nil) {
        self.limits = limits
        self.concurrency = max(1, concurrency)
        self.headers = headers
        self.caFile = caFile
        self.environment = environment
        self.trace = trace
    }

    /// Sets up a transfer's handle. Strings given to libcurl are copied by it.
    func configure(_ transfer: CurlTransfer, _ curl: Libcurl) {
        let easy = transfer.easy
        let context = UnsafeRawPointer(Unmanaged.passUnretained(transfer).toOpaque())
        _ = curl.easySetPointer(easy, CurlConstant.url, transfer.url)
        _ = curl.easySetPointer(easy, CurlConstant.protocols, "http,https")
        _ = curl.easySetPointer(easy, CurlConstant.redirectProtocols, "http,https")
        _ = curl.easySetLong(easy, CurlConstant.noSignal, 1)
        _ = curl.easySetLong(easy, CurlConstant.followLocation, 1)
        _ = curl.easySetLong(easy, CurlConstant.maxRedirects, limits.maxRedirects)
        _ = curl.easySetLong(easy, CurlConstant.timeoutMilliseconds, CurlSettings.milliseconds(limits.timeout))
        if let connectTimeout = limits.connectTimeout {
            _ = curl.easySetLong(easy, CurlConstant.connectTimeoutMilliseconds, CurlSettings.milliseconds(connectTimeout))
        }
        _ = curl.easySetOffset(easy, CurlConstant.maxFileSize, Int64(limits.maxSize))
        // With several at once, over TLS: wait for the connection being made
        // to the host to say in its handshake (ALPN) whether it multiplexes
        // (HTTP/2) before opening another, so that they share one, as `curl -Z`
        // does; over HTTP/1.1 each opens its own. Not for http: there nothing
        // is learnt before a response, and one that hangs would hold the rest.
        if concurrency > 1 && transfer.url.utf8.prefix(6).map({ $0 | 0x20 }).elementsEqual("https:".utf8) {
            _ = curl.easySetLong(easy, CurlConstant.pipeWait, 1)
        }
        _ = curl.easySetPointer(easy, CurlConstant.acceptEncoding, "")
        _ = curl.easySetPointer(easy, CurlConstant.userAgent, "feed-fetch/\(ToolsetVersion.string)")
        if let caFile { _ = curl.easySetPointer(easy, CurlConstant.caInfo, caFile) }
        _ = curl.easySetPointer(easy, CurlConstant.errorBuffer, transfer.errorBuffer)
        _ = curl.easySetPointer(easy, CurlConstant.writeFunction, unsafeBitCast(CurlTransfer.writeCallback, to: UnsafeRawPointer.self))
        _ = curl.easySetPointer(easy, CurlConstant.writeData, context)
        _ = curl.easySetPointer(easy, CurlConstant.headerFunction, unsafeBitCast(CurlTransfer.headerCallback, to: UnsafeRawPointer.self))
        _ = curl.easySetPointer(easy, CurlConstant.headerData, context)
        if !headers.isEmpty {
            transfer.setHeaders(headers, curl)
            // Headers go only to the origin of the URL asked: before each
            // request, a redirect's included, the transfer drops them all
            // once the request is for another origin. A libcurl without the
            // callback (before 7.80) is not let follow a redirect at all.
            if curl.easySetPointer(easy, CurlConstant.prereqFunction, unsafeBitCast(CurlTransfer.prereqCallback, to: UnsafeRawPointer.self)) == CurlCode.ok {
                _ = curl.easySetPointer(easy, CurlConstant.prereqData, context)
            } else {
                _ = curl.easySetLong(easy, CurlConstant.followLocation, 0)
            }
        }
        if let trace {
            transfer.traceHeads(to: trace)
            _ = curl.easySetPointer(easy, CurlConstant.debugFunction, unsafeBitCast(CurlTransfer.debugCallback, to: UnsafeRawPointer.self))
            _ = curl.easySetPointer(easy, CurlConstant.debugData, context)
            _ = curl.easySetLong(easy, CurlConstant.verbose, 1)
        }
    }

    /// Whole milliseconds, rounded up so that a limit is never cut short
    /// (and 0.0001 s is not 0, which libcurl reads as no limit). The options
    /// are range-checked; a value past a century of milliseconds (or not a
    /// number) is held there rather than trapping in the conversion.
    static func milliseconds(_ seconds: Double) -> Int {
        let ceiling = 3_153_600_000_000.0
        let milliseconds = (seconds * 1000).rounded(.up)
        guard milliseconds >= 1 else { return 1 }
        return milliseconds < ceiling ? Int(milliseconds) : Int(ceiling)
    }
}
