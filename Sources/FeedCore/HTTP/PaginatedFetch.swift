import Dispatch
import FeedConcurrency

/// `feed-fetch --paginate`: fetches a feed's pages one after another (each
/// needs the one before it), as `Pagination` says, and hands each page's
/// record back as soon as it arrives. A page that fails (connectivity, a body
/// over the size limit) ends the run: its error record is the last.
public final class PaginatedFetch: Sendable {
    private let client: HTTPClient
    private let maxPages: Int

    public init(client: HTTPClient, maxPages: Int = Pagination.defaultMaxPages) {
        self.client = client
        self.maxPages = maxPages
    }

    /// Fetches `firstURL` and the pages after it; calls `deliver` on the
    /// calling thread, once per page, in order. If `deliver` throws, the run
    /// ends there. Returns the number of pages when the run stopped at
    /// `maxPages` with more that may exist; nil when the pages ended.
    @discardableResult
    public func run(_ firstURL: String, deliver: (Result<ResponseRecord, ErrorRecord>) throws -> Void) rethrows -> Int? {
        var pagination = Pagination(firstURL: firstURL, maxPages: maxPages)
        var next: String? = firstURL
        while let url = next {
            switch get(url) {
            case .success(let response):
                let record = ResponseRecord(url: url, status: response.status, headers: response.headers, body: response.body)
                next = pagination.nextURL(after: record)
                try deliver(.success(record))
            case .failure(let error):
                next = nil
                try deliver(.failure(ErrorRecord(url: url, error)))
            }
        }
        return pagination.stoppedAtMaxPages ? pagination.pageCount : nil
    }

    /// One GET, waited for: the client may complete on any thread, or inside
    /// `get` on this one.
    private func get(_ url: String) -> Result<HTTPResponse, ToolError> {
        let outcome = Locked<Result<HTTPResponse, ToolError>?>(nil)
        let done = DispatchSemaphore(value: 0)
        client.get(url) { result in
            outcome.withLock { $0 = result }
            done.signal()
        }
        done.wait()
        return outcome.withLock { $0.take() } ?? .failure(ToolError(.connectivity, "no response"))
    }
}
