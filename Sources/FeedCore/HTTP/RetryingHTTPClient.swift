import Dispatch

/// `--retry N`: an `HTTPClient` that issues a GET again, over another client,
/// as its `RetryPolicy` says, and completes once, with the last attempt's
/// result. It waits by handing the next attempt to a scheduler, so no thread
/// sleeps and no CPU turns while it waits. It keeps no state: each GET's count
/// of attempts travels with that GET, so URLs fetched at once never mix them.
public final class RetryingHTTPClient: HTTPClient {
    /// Runs `work` once `seconds` have passed, on any thread.
    public typealias Scheduler = @Sendable (_ seconds: Double, _ work: @escaping @Sendable () -> Void) -> Void

    /// A process's scheduler: Dispatch's global queue, after the delay.
    public static let afterDelay: Scheduler = { seconds, work in
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds, execute: work)
    }

    private let client: HTTPClient
    private let policy: RetryPolicy
    private let now: @Sendable () -> Timestamp
    private let schedule: Scheduler

    /// `now` is read only to turn a `Retry-After` date into a wait.
    public init(client: HTTPClient, policy: RetryPolicy, now: @escaping @Sendable () -> Timestamp,
                schedule: @escaping Scheduler = RetryingHTTPClient.afterDelay) {
        self.client = client
        self.policy = policy
        self.now = now
        self.schedule = schedule
    }

    public func get(_ url: String, completion: @escaping @Sendable (Result<HTTPResponse, ToolError>) -> Void) {
        attempt(url, position: nil, retriesSoFar: 0, completion: completion)
    }

    /// Every attempt is for the same input.
    public func get(_ url: String, forInput position: Int, completion: @escaping @Sendable (Result<HTTPResponse, ToolError>) -> Void) {
        attempt(url, position: position, retriesSoFar: 0, completion: completion)
    }

    /// The failed attempt's response is let go before the wait: the work
    /// scheduled holds only the URL, the count and the completion.
    private func attempt(_ url: String, position: Int?, retriesSoFar: Int,
                         completion: @escaping @Sendable (Result<HTTPResponse, ToolError>) -> Void) {
        let done: @Sendable (Result<HTTPResponse, ToolError>) -> Void = { [self] result in
            let retry = retriesSoFar + 1
            guard retry <= policy.retries, policy.isRetryable(result) else { return completion(result) }
            let delay = policy.delay(beforeRetry: retry, after: result, now: now())
            schedule(delay) { self.attempt(url, position: position, retriesSoFar: retry, completion: completion) }
        }
        if let position { client.get(url, forInput: position, completion: done) } else { client.get(url, completion: done) }
    }
}
