import FeedConcurrency
import Dispatch
import FeedCore

/// An HTTP client that answers from a table of URL -> result, at once on the
/// calling thread or later on another one (each URL after its own delay, so
/// that answers can come back out of order). It records what was asked and
/// how many requests were under way at most.
final class HTTPClientStub: HTTPClient {
    enum Delivery: Sendable {
        /// `completion` runs inside `get`, on the caller's thread.
        case synchronously
        /// `completion` runs on a global queue, after the URL's delay (seconds).
        case onAnotherThread
    }

    /// What a URL the table does not hold gets.
    static let unknownURLError = ToolError(.connectivity, "no stub answer for this URL")

    private let answers: [String: Result<HTTPResponse, ToolError>]
    private let delays: [String: Double]
    private let delivery: Delivery
    private let state = Locked(State())

    private struct State {
        var requested: [String] = []
        var inFlight = 0
        var maxInFlight = 0
    }

    init(_ answers: [String: Result<HTTPResponse, ToolError>], delivery: Delivery = .synchronously, delays: [String: Double] = [:]) {
        self.answers = answers
        self.delivery = delivery
        self.delays = delays
    }

    func get(_ url: String, completion: @escaping @Sendable (Result<HTTPResponse, ToolError>) -> Void) {
        state.withLock { state in
            state.requested.append(url)
            state.inFlight += 1
            state.maxInFlight = max(state.maxInFlight, state.inFlight)
        }
        let answer = answers[url] ?? .failure(Self.unknownURLError)
        switch delivery {
        case .synchronously:
            finish(answer, completion)
        case .onAnotherThread:
            let delay = delays[url] ?? 0
            DispatchQueue.global().asyncAfter(deadline: .now() + delay) { [self] in
                finish(answer, completion)
            }
        }
    }

    private func finish(_ answer: Result<HTTPResponse, ToolError>, _ completion: @Sendable (Result<HTTPResponse, ToolError>) -> Void) {
        state.withLock { $0.inFlight -= 1 }
        completion(answer)
    }

    /// The URLs asked for, in the order `get` was called.
    var requestedURLs: [String] { state.withLock { $0.requested } }

    /// The most requests that were under way at once.
    var maxRequestsInFlight: Int { state.withLock { $0.maxInFlight } }
}

extension HTTPResponse {
    /// A 200 with a JSON body given as text.
    static func ok(_ body: String, headers: [(name: String, value: String)] = []) -> HTTPResponse {
        HTTPResponse(status: 200, headers: headers, body: Array(body.utf8))
    }
}
