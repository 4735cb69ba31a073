import FeedCore

/// What feed-fetch's options ask of the HTTP client for a whole run.
public struct FetchSettings: Sendable {
    public var limits = FetchLimits()
    /// How many transfers at once (`-j`).
    public var concurrency = 1
    /// Request headers (`-H`), a later one of a name replacing an earlier one.
    public var headers: [RequestHeader] = []
    /// CAs to trust (`--cacert`, else `$CURL_CA_BUNDLE`, else `$SSL_CERT_FILE`).
    public var caFile: String?
    /// `-v`: the head of every request and response on stderr, secrets hidden.
    public var verbose = false
    /// The names of the headers given with `-H`, whose values `-v` never shows
    /// (`headers` may hold others: `--if-changed`'s validators).
    public var givenHeaderNames: [String] = []

    public init() {}
}
