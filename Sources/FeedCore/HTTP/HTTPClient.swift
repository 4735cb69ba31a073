/// What a GET brought back, after redirects.
public struct HTTPResponse: Sendable {
    public var status: Int
    /// As received: names in any case, repeated names allowed.
    public var headers: [(name: String, value: String)]
    public var body: [UInt8]

    public init(status: Int, headers: [(name: String, value: String)] = [], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}

/// The limits of one fetch.
public struct FetchLimits: Sendable {
    /// Whole seconds (or fractions) a transfer may take, from start to last byte.
    public var timeout: Double
    /// The largest body accepted; a larger one is `invalid-data`, not read past the limit.
    public var maxSize: Int
    public var maxRedirects: Int

    public static let defaultTimeout: Double = 60
    public static let defaultMaxSize = 64 << 20
    public static let defaultMaxRedirects = 10

    public init(timeout: Double = defaultTimeout, maxSize: Int = defaultMaxSize, maxRedirects: Int = defaultMaxRedirects) {
        self.timeout = timeout
        self.maxSize = maxSize
        self.maxRedirects = maxRedirects
    }
}

/// "System downloads data from the URL." Any HTTP status is a response; only a
/// transport failure is an error (`connectivity`), and so is a body over the
/// size limit (`invalid-data`).
public protocol HTTPClient: Sendable {
    /// Starts a GET of `url`; calls `completion` exactly once, on any thread.
    func get(_ url: String, completion: @escaping @Sendable (Result<HTTPResponse, ToolError>) -> Void)
}
