import Dispatch
import FeedCore
import Foundation
import FoundationNetworking

/// FeedCore's `HTTPClient` over URLSession (libcurl on Linux): GET only, no
/// cache, no cookies; redirects followed up to the limit; the body not read
/// past the size limit; the whole transfer bounded by the timeout.
public final class URLSessionHTTPClient: NSObject, HTTPClient, URLSessionDataDelegate, @unchecked Sendable {
    private let limits: FetchLimits
    private let lock = NSLock()
    private var transfers: [Int: Transfer] = [:]
    private var session: URLSession?

    private final class Transfer {
        let url: String
        let completion: @Sendable (Result<HTTPResponse, ToolError>) -> Void
        var body = Data()
        var redirects = 0
        var failure: ToolError?
        var timer: DispatchSourceTimer?

        init(url: String, completion: @escaping @Sendable (Result<HTTPResponse, ToolError>) -> Void) {
            self.url = url
            self.completion = completion
        }
    }

    public init(limits: FetchLimits, concurrency: Int = 1) {
        self.limits = limits
        super.init()
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        // URLSession on Linux rounds these down to whole seconds (0.5 would time
        // out at once): the timer in get(_:) enforces the exact limit, these
        // are only a backstop.
        configuration.timeoutIntervalForRequest = limits.timeout.rounded(.up) + 1
        configuration.timeoutIntervalForResource = limits.timeout.rounded(.up) + 1
        configuration.httpMaximumConnectionsPerHost = max(concurrency, 1)
        configuration.httpAdditionalHeaders = ["User-Agent": "feed-fetch/\(ToolsetVersion.string)"]
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        session = URLSession(configuration: configuration, delegate: self, delegateQueue: queue)
    }

    public func get(_ url: String, completion: @escaping @Sendable (Result<HTTPResponse, ToolError>) -> Void) {
        guard let target = URL(string: url), let session else {
            completion(.failure(ToolError(.usage, "malformed URL")))
            return
        }
        let task = session.dataTask(with: URLRequest(url: target))
        let transfer = Transfer(url: url, completion: completion)
        let timer = DispatchSource.makeTimerSource(queue: .global())
        timer.schedule(deadline: .now() + limits.timeout)
        let seconds = limits.timeout
        timer.setEventHandler { [weak self, weak task] in
            self?.abort(task, ToolError(.connectivity, "timed out after \(Self.describe(seconds))"))
        }
        transfer.timer = timer
        lock.withLock { transfers[task.taskIdentifier] = transfer }
        timer.resume()
        task.resume()
    }

    /// Ends a transfer with `failure` (the first one given wins).
    private func abort(_ task: URLSessionTask?, _ failure: ToolError) {
        guard let task else { return }
        lock.withLock {
            if let transfer = transfers[task.taskIdentifier], transfer.failure == nil {
                transfer.failure = failure
            }
        }
        task.cancel()
    }

    private func transfer(_ task: URLSessionTask) -> Transfer? {
        lock.withLock { transfers[task.taskIdentifier] }
    }

    // MARK: URLSessionDataDelegate

    public func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                           completionHandler: @escaping (URLSession.ResponseDisposition) -> Void) {
        if response.expectedContentLength > Int64(limits.maxSize) {
            completionHandler(.cancel)
            abort(dataTask, tooLarge())
            return
        }
        completionHandler(.allow)
    }

    public func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        guard let transfer = transfer(dataTask) else { return }
        let exceeded: Bool = lock.withLock {
            guard transfer.failure == nil else { return false }
            if transfer.body.count + data.count > limits.maxSize { return true }
            transfer.body.append(data)
            return false
        }
        if exceeded { abort(dataTask, tooLarge()) }
    }

    public func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                           newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void) {
        guard let transfer = transfer(task) else { return completionHandler(nil) }
        let count: Int = lock.withLock {
            transfer.redirects += 1
            return transfer.redirects
        }
        if count > limits.maxRedirects {
            completionHandler(nil)
            abort(task, ToolError(.connectivity, "more than \(limits.maxRedirects) redirects"))
            return
        }
        completionHandler(request)
    }

    public func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        guard let transfer = lock.withLock({ transfers.removeValue(forKey: task.taskIdentifier) }) else { return }
        transfer.timer?.cancel()
        transfer.completion(outcome(of: transfer, task: task, error: error))
    }

    private func outcome(of transfer: Transfer, task: URLSessionTask, error: Error?) -> Result<HTTPResponse, ToolError> {
        if let failure = transfer.failure { return .failure(failure) }
        if let error { return .failure(Self.connectivity(error)) }
        guard let response = task.response as? HTTPURLResponse else {
            return .failure(ToolError(.connectivity, "no HTTP response"))
        }
        var headers: [(name: String, value: String)] = []
        for (key, value) in response.allHeaderFields {
            headers.append(("\(key)", "\(value)"))
        }
        let body = [UInt8](transfer.body)
        // A body that ends before its Content-Length is a broken transfer.
        if let declared = headers.first(where: { $0.name.lowercased() == "content-length" }).flatMap({ Int($0.value) }),
           !headers.contains(where: { $0.name.lowercased() == "content-encoding" }),
           body.count < declared {
            return .failure(ToolError(.connectivity, "connection closed after \(body.count) of \(declared) bytes"))
        }
        return .success(HTTPResponse(status: response.statusCode, headers: headers, body: body))
    }

    private func tooLarge() -> ToolError {
        ToolError(.invalidData, "body larger than --max-size \(limits.maxSize) bytes")
    }

    static func describe(_ seconds: Double) -> String {
        seconds == seconds.rounded() && seconds < 1e9 ? "\(Int(seconds))s" : "\(seconds)s"
    }

    static func connectivity(_ error: Error) -> ToolError {
        let code = (error as? URLError)?.code ?? URLError.Code(rawValue: (error as NSError).code)
        let reason: String
        switch code {
        case .timedOut: reason = "timed out"
        case .cannotConnectToHost: reason = "connection refused"
        case .cannotFindHost, .dnsLookupFailed: reason = "cannot resolve host"
        case .networkConnectionLost: reason = "connection lost"
        case .notConnectedToInternet: reason = "not connected to the network"
        case .httpTooManyRedirects: reason = "too many redirects"
        case .badServerResponse: reason = "bad server response"
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
             .serverCertificateHasUnknownRoot, .serverCertificateNotYetValid, .clientCertificateRejected,
             .clientCertificateRequired:
            reason = "TLS failure: \(error.localizedDescription)"
        default: reason = error.localizedDescription
        }
        return ToolError(.connectivity, reason)
    }
}
