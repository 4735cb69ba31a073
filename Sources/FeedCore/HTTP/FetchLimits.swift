/// The limits of one fetch.
public struct FetchLimits: Sendable {
    /// Whole seconds (or fractions) a transfer may take, from start to last byte.
    public var timeout: Double
    /// Seconds (or fractions) a connection may take to be made; nil: only `timeout` bounds it.
    public var connectTimeout: Double?
    /// The largest body accepted; a larger one is `invalid-data`, not read past the limit.
    public var maxSize: Int
    public var maxRedirects: Int

    public static let defaultTimeout: Double = 60
    public static let defaultMaxSize = 64 << 20
    public static let defaultMaxRedirects = 10

    public init(timeout: Double = defaultTimeout, connectTimeout: Double? = nil, maxSize: Int = defaultMaxSize,
                maxRedirects: Int = defaultMaxRedirects) {
        self.timeout = timeout
        self.connectTimeout = connectTimeout
        self.maxSize = maxSize
        self.maxRedirects = maxRedirects
    }
}
