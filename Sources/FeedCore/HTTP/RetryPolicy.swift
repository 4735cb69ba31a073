/// `--retry N`: which outcomes of a GET are tried again, how many more times,
/// and how long to wait before each new try.
public struct RetryPolicy: Sendable {
    /// The statuses that ask to be tried again later. No other status is retried.
    public static let retryableStatuses: Set<Int> = [408, 429, 500, 502, 503, 504]
    /// The longest wait, whatever the backoff or a `Retry-After` asks.
    public static let maximumDelay: Double = 60

    /// How many more times a transfer may be tried after its first attempt (0: never).
    public var retries: Int
    /// Draws a number in 0..<1 for each backoff (see `backoff(beforeRetry:)`);
    /// fixed in tests.
    public var jitter: @Sendable () -> Double

    public init(retries: Int = 0, jitter: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) }) {
        self.retries = max(0, retries)
        self.jitter = jitter
    }

    /// A `connectivity` failure or a retryable status. Any other failure (a
    /// body over `--max-size` is `invalid-data`) is final, as is any other status.
    public func isRetryable(_ result: Result<HTTPResponse, ToolError>) -> Bool {
        switch result {
        case .success(let response): return Self.retryableStatuses.contains(response.status)
        case .failure(let error): return error.kind == .connectivity
        }
    }

    /// The seconds to wait before retry number `retry` (1 for the first) after
    /// `result`: what the response's first `Retry-After` asks, relative to
    /// `now` and with no jitter, if it parses; else the backoff. At most 60 s.
    public func delay(beforeRetry retry: Int, after result: Result<HTTPResponse, ToolError>, now: Timestamp) -> Double {
        if case .success(let response) = result,
           let header = response.headers.first(where: { $0.name.lowercased() == "retry-after" }),
           let asked = RetryAfter.parse(header.value, now: now) {
            return min(asked, Self.maximumDelay)
        }
        return backoff(beforeRetry: retry)
    }

    /// "Equal jitter": with d = 1 s before the first retry, 2 s, 4 s… (at most
    /// 60 s), the wait is d × (1 − jitter / 2), somewhere in (d/2, d]. So the
    /// clients of one overloaded server spread apart, and none ever waits
    /// longer than d, nor past the cap.
    public func backoff(beforeRetry retry: Int) -> Double {
        let doublings = min(max(retry - 1, 0), 6)
        let nominal = min(Double(1 << doublings), Self.maximumDelay)
        let draw = jitter()
        return nominal * (1 - (draw.isFinite ? min(max(draw, 0), 1) : 0) / 2)
    }
}
