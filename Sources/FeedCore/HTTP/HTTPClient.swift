/// "System downloads data from the URL." Any HTTP status is a response; only a
/// transport failure is an error (`connectivity`), and so is a body over the
/// size limit (`invalid-data`).
public protocol HTTPClient: Sendable {
    /// Starts a GET of `url`; calls `completion` exactly once, on any thread:
    /// later, or before returning (a client that does its work on the
    /// caller's thread, or one that fails the URL before any I/O).
    func get(_ url: String, completion: @escaping @Sendable (Result<HTTPResponse, ToolError>) -> Void)
    /// The same GET, for the input at `position` (1-based) of several: a
    /// client may name it in what it reports (`feed-fetch -v -j 4`).
    func get(_ url: String, forInput position: Int, completion: @escaping @Sendable (Result<HTTPResponse, ToolError>) -> Void)
}

extension HTTPClient {
    /// For a client that reports nothing: the plain GET.
    public func get(_ url: String, forInput position: Int, completion: @escaping @Sendable (Result<HTTPResponse, ToolError>) -> Void) {
        get(url, completion: completion)
    }
}
