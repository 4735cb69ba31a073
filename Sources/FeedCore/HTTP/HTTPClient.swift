/// "System downloads data from the URL." Any HTTP status is a response; only a
/// transport failure is an error (`connectivity`), and so is a body over the
/// size limit (`invalid-data`).
public protocol HTTPClient: Sendable {
    /// Starts a GET of `url`; calls `completion` exactly once, on any thread:
    /// later, or before returning (a client that does its work on the
    /// caller's thread, or one that fails the URL before any I/O).
    func get(_ url: String, completion: @escaping @Sendable (Result<HTTPResponse, ToolError>) -> Void)
}
