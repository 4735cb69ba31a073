import FeedConcurrency
import XCTest
import Dispatch
import FeedCore

final class RetryingHTTPClientTests: XCTestCase {
    private let now = Timestamp(seconds: ISO8601.parse("2024-06-01T12:00:00Z")!)

    func test_get_retriesA503AndCompletesOnceWithThe200AfterOneWaitOfAboutASecond() {
        let client = ScriptedHTTPClient(["https://h/feed": [.success(response(503)), .success(response(200, body: "ok"))]])
        let scheduler = SchedulerSpy()

        let results = get("https://h/feed", RetryingHTTPClient(client: client, policy: RetryPolicy(retries: 3), now: { self.now }, schedule: scheduler.schedule))

        XCTAssertEqual(results.map(describe), ["200 ok"])
        XCTAssertEqual(client.requests, ["https://h/feed", "https://h/feed"])
        XCTAssertEqual(scheduler.delays.count, 1)
        XCTAssertTrue((0.5...1).contains(scheduler.delays.first ?? 0), "\(scheduler.delays): 1 s less up to half of it")
    }

    func test_get_retriesEachRetryableStatusOnly() {
        for status in [408, 429, 500, 502, 503, 504] {
            XCTAssertEqual(run([.success(response(status)), .success(response(200))], retries: 1).results, ["200 "], "\(status)")
        }
        for status in [200, 201, 204, 301, 304, 400, 401, 403, 404, 410, 422, 501, 505, 599] {
            let (results, requests, delays) = run([.success(response(status)), .success(response(200))], retries: 3)
            XCTAssertEqual(results, ["\(status) "], "\(status) is not retried")
            XCTAssertEqual(requests, 1)
            XCTAssertEqual(delays, [])
        }
    }

    func test_get_retriesAConnectivityFailure() {
        let (results, requests, delays) = run([.failure(ToolError(.connectivity, "connection refused")), .success(response(200))], retries: 2, jitter: 0)

        XCTAssertEqual(results, ["200 "])
        XCTAssertEqual(requests, 2)
        XCTAssertEqual(delays, [1])
    }

    func test_get_doesNotRetryOtherFailures() {
        for error in [ToolError(.invalidData, "body over --max-size (1024 bytes)"), ToolError(.usage, "unsupported scheme")] {
            let (results, requests, delays) = run([.failure(error), .success(response(200))], retries: 3)
            XCTAssertEqual(results, ["\(error.kind.rawValue): \(error.message)"])
            XCTAssertEqual(requests, 1)
            XCTAssertEqual(delays, [])
        }
    }

    func test_get_triesOnceWithNoRetries() {
        XCTAssertEqual(RetryPolicy().retries, 0)
        for retries in [0, -3] {
            let (results, requests, delays) = run([.success(response(503)), .success(response(200))], retries: retries)
            XCTAssertEqual(results, ["503 "])
            XCTAssertEqual(requests, 1)
            XCTAssertEqual(delays, [])
        }
    }

    func test_get_completesWithTheLastAttemptWhenTheRetriesRunOut() {
        let responses = (1...3).map { Result<HTTPResponse, ToolError>.success(response(503, body: "attempt \($0)")) }
        XCTAssertEqual(run(responses + [.success(response(200))], retries: 2).results, ["503 attempt 3"])

        let lastFails = run([.success(response(503)), .failure(ToolError(.connectivity, "timed out"))], retries: 1)
        XCTAssertEqual(lastFails.results, ["connectivity: timed out"])
        XCTAssertEqual(lastFails.requests, 2)
    }

    func test_get_honoursRetryAfterWithoutJitter() {
        let seconds = run([.success(response(503, retryAfter: "1")), .success(response(200))], retries: 1, jitter: 0.9)
        XCTAssertEqual(seconds.results, ["200 "])
        XCTAssertEqual(seconds.delays, [1])

        let date = run([.success(response(429, retryAfter: "Sat, 01 Jun 2024 12:00:30 GMT")), .success(response(200))], retries: 1)
        XCTAssertEqual(date.delays, [30])

        let past = run([.success(response(429, retryAfter: "Sat, 01 Jun 2024 11:00:00 GMT")), .success(response(200))], retries: 1)
        XCTAssertEqual(past.delays, [0])

        let far = run([.success(response(503, retryAfter: "86400")), .success(response(200))], retries: 1)
        XCTAssertEqual(far.delays, [60])

        let garbage = run([.success(response(503, retryAfter: "later")), .success(response(200))], retries: 1, jitter: 0)
        XCTAssertEqual(garbage.delays, [1])
    }

    func test_get_doublesTheWaitUpTo60Seconds() {
        let always503 = [Result<HTTPResponse, ToolError>.success(response(503))]

        XCTAssertEqual(run(always503, retries: 9, jitter: 0).delays, [1, 2, 4, 8, 16, 32, 60, 60, 60])
        XCTAssertEqual(run(always503, retries: 9, jitter: 0.5).delays, [0.75, 1.5, 3, 6, 12, 24, 45, 45, 45])
        XCTAssertEqual(run(always503, retries: 2, jitter: 1).delays, [0.5, 1])
        XCTAssertEqual(run(always503, retries: 9).requests, 10)
    }

    func test_backoff_staysWithinHalfToAllOfTheDoublingWhateverTheJitter() {
        for draw in [0, 0.25, 0.999_999, 1, -1, 7, .nan, .infinity] {
            let policy = RetryPolicy(retries: 100, jitter: { draw })
            for retry in [1, 2, 3, 6, 7, 8, 64, 100, Int.max] {
                let nominal = min(60, pow(2, Double(min(retry - 1, 10))))
                XCTAssertTrue((nominal / 2...nominal).contains(policy.backoff(beforeRetry: retry)), "draw \(draw), retry \(retry)")
            }
        }
        let random = RetryPolicy(retries: 1)
        XCTAssertTrue((0..<200).allSatisfy { _ in (0.5...1).contains(random.backoff(beforeRetry: 1)) })
    }

    func test_get_keepsEachURLsOwnCountOfAttemptsWhenManyRunAtOnce() {
        let urls = (0..<64).map { "https://h/\($0)" }
        var scripts: [String: [Result<HTTPResponse, ToolError>]] = [:]
        for (index, url) in urls.enumerated() {
            let failures = index % 5
            scripts[url] = Array(repeating: .success(response(503, body: url)), count: failures) + [.success(response(200, body: url))]
        }
        let client = ScriptedHTTPClient(scripts, asynchronous: true)
        let scheduler = SchedulerSpy(asynchronous: true)
        let retrying = RetryingHTTPClient(client: client, policy: RetryPolicy(retries: 3, jitter: { 0 }), now: { self.now }, schedule: scheduler.schedule)
        let results = Locked<[String: [String]]>([:])
        let group = DispatchGroup()

        DispatchQueue.concurrentPerform(iterations: urls.count) { index in
            group.enter()
            retrying.get(urls[index]) { result in
                results.withLock { $0[urls[index], default: []].append(describe(result)) }
                group.leave()
            }
        }

        XCTAssertEqual(group.wait(timeout: .now() + 10), .success)
        let collected = results.withLock { $0 }
        for (index, url) in urls.enumerated() {
            let failures = index % 5
            XCTAssertEqual(collected[url], [failures <= 3 ? "200 \(url)" : "503 \(url)"], url)
            XCTAssertEqual(client.requests.filter { $0 == url }.count, min(failures, 3) + 1, url)
        }
        XCTAssertEqual(scheduler.delays.count, urls.indices.map { min($0 % 5, 3) }.reduce(0, +))
    }

    func test_afterDelay_runsTheWorkLaterOnAnotherThread() {
        let done = expectation(description: "work ran")
        let start = DispatchTime.now()

        RetryingHTTPClient.afterDelay(0.05) {
            XCTAssertGreaterThanOrEqual(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds, 50_000_000)
            done.fulfill()
        }

        wait(for: [done], timeout: 5)
    }

    // MARK: - Helpers

    private func run(_ script: [Result<HTTPResponse, ToolError>], retries: Int, jitter: Double? = nil) -> (results: [String], requests: Int, delays: [Double]) {
        let client = ScriptedHTTPClient(["https://h/x": script])
        let scheduler = SchedulerSpy()
        let policy = jitter.map { draw in RetryPolicy(retries: retries, jitter: { draw }) } ?? RetryPolicy(retries: retries)
        let results = get("https://h/x", RetryingHTTPClient(client: client, policy: policy, now: { self.now }, schedule: scheduler.schedule))
        return (results.map(describe), client.requests.count, scheduler.delays)
    }

    /// Every completion of one GET, with an immediate client and scheduler.
    private func get(_ url: String, _ client: RetryingHTTPClient) -> [Result<HTTPResponse, ToolError>] {
        let results = Locked<[Result<HTTPResponse, ToolError>]>([])
        client.get(url) { result in results.withLock { $0.append(result) } }
        return results.withLock { $0 }
    }

    private func response(_ status: Int, body: String = "", retryAfter: String? = nil) -> HTTPResponse {
        HTTPResponse(status: status, headers: retryAfter.map { [("Retry-After", $0)] } ?? [], body: Array(body.utf8))
    }
}

private func describe(_ result: Result<HTTPResponse, ToolError>) -> String {
    switch result {
    case .success(let response): return "\(response.status) \(String(decoding: response.body, as: UTF8.self))"
    case .failure(let error): return "\(error.kind.rawValue): \(error.message)"
    }
}

/// Answers each URL from its script in order, the last answer over and over.
private final class ScriptedHTTPClient: HTTPClient {
    private let state: Locked<(scripts: [String: [Result<HTTPResponse, ToolError>]], requests: [String])>
    private let asynchronous: Bool

    init(_ scripts: [String: [Result<HTTPResponse, ToolError>]], asynchronous: Bool = false) {
        state = Locked((scripts, []))
        self.asynchronous = asynchronous
    }

    var requests: [String] { state.withLock { $0.requests } }

    func get(_ url: String, completion: @escaping @Sendable (Result<HTTPResponse, ToolError>) -> Void) {
        let result = state.withLock { state in
            state.requests.append(url)
            let script = state.scripts[url] ?? [.failure(ToolError(.connectivity, "no script for \(url)"))]
            if script.count > 1 { state.scripts[url] = Array(script.dropFirst()) }
            return script[0]
        }
        guard asynchronous else { return completion(result) }
        DispatchQueue.global().asyncAfter(deadline: .now() + .microseconds(Int.random(in: 0...2000))) { completion(result) }
    }
}

/// Records each wait asked for and runs the work at once (or soon, on another thread).
private final class SchedulerSpy: Sendable {
    private let recorded = Locked<[Double]>([])
    private let asynchronous: Bool

    init(asynchronous: Bool = false) {
        self.asynchronous = asynchronous
    }

    var delays: [Double] { recorded.withLock { $0 } }

    var schedule: RetryingHTTPClient.Scheduler {
        { [self] seconds, work in
            recorded.withLock { $0.append(seconds) }
            if asynchronous { DispatchQueue.global().async(execute: work) } else { work() }
        }
    }
}
