import FeedCore

/// The client of a run that has no GET to make (every target is a failure
/// known already or a record to pass on): BatchFetcher never calls it, and
/// no HTTP library is loaded for it. A call would be a bug, and says so.
struct NoRequestsHTTPClient: HTTPClient {
    func get(_ url: String, completion: @escaping @Sendable (Result<HTTPResponse, ToolError>) -> Void) {
        completion(.failure(ToolError(.connectivity, "no request was to be made in this run")))
    }
}
