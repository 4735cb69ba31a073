import XCTest
import Dispatch
import FeedCore

final class BatchFetcherTests: XCTestCase {

    func test_run_deliversNothingForNoTargets() {
        let client = HTTPClientStub()

        let outcomes = run(BatchFetcher(client: client, concurrency: 3), [])

        XCTAssertEqual(outcomes, [])
        XCTAssertEqual(client.requestedURLs, [])
    }

    func test_run_deliversResultsInInputOrderWhateverOrderRequestsCompleteIn() {
        for concurrency in [1, 3, 8] {
            let client = HTTPClientStub()
            let targets = mixedTargets(count: 30)

            let outcomes = run(BatchFetcher(client: client, concurrency: concurrency), targets)

            XCTAssertEqual(outcomes, targets.map(expectedOutcome), "concurrency \(concurrency)")
            XCTAssertEqual(client.requestedURLs.sorted(), urls(in: targets).sorted(), "concurrency \(concurrency)")
            if concurrency > 1 {
                XCTAssertNotEqual(client.completedURLs, urls(in: targets), "requests should complete out of order (concurrency \(concurrency))")
            }
        }
    }

    func test_run_neverHasMoreThanTheConcurrencyInFlight() {
        for concurrency in [1, 3, 8] {
            let client = HTTPClientStub()
            let targets = (0..<24).map { FetchTarget.url("https://h/\($0)") }

            _ = run(BatchFetcher(client: client, concurrency: concurrency), targets)

            XCTAssertEqual(client.maxInFlight, concurrency, "concurrency \(concurrency)")
            XCTAssertEqual(client.requestedURLs.count, 24)
        }
    }

    func test_run_neverHasMoreInFlightThanThereAreURLs() {
        let client = HTTPClientStub()
        let targets = [FetchTarget.url("https://h/0"), .url("https://h/1")]

        let outcomes = run(BatchFetcher(client: client, concurrency: 8), targets)

        XCTAssertEqual(outcomes, targets.map(expectedOutcome))
        XCTAssertEqual(client.maxInFlight, 2)
    }

    func test_run_fetchesOneAtATimeForAConcurrencyBelowOne() {
        for concurrency in [0, -4] {
            let client = HTTPClientStub()
            let targets = (0..<6).map { FetchTarget.url("https://h/\($0)") }

            let outcomes = run(BatchFetcher(client: client, concurrency: concurrency), targets)

            XCTAssertEqual(outcomes, targets.map(expectedOutcome), "concurrency \(concurrency)")
            XCTAssertEqual(client.maxInFlight, 1, "concurrency \(concurrency)")
            XCTAssertEqual(client.completedURLs, urls(in: targets), "concurrency \(concurrency)")
        }
    }

    func test_run_keepsTheSlotsOfFailuresAndPassOns() {
        let passOn = ErrorRecord(url: "https://h/feed", ToolError(.connectivity, "refused upstream"))
        let bad = ToolError(.usage, "unsupported scheme 'ftp' (only http and https)")
        let targets: [FetchTarget] = [
            .passOn(passOn),
            .url("https://h/fail-0"),
            .url("https://h/1"),
            .invalid("ftp://h/2", bad),
            .url("https://h/3"),
            .passOn(passOn),
            .url("https://h/fail-4"),
        ]

        for concurrency in [1, 3, 8] {
            let outcomes = run(BatchFetcher(client: HTTPClientStub(), concurrency: concurrency), targets)

            XCTAssertEqual(outcomes, [
                .passedOn(passOn),
                .failed(ErrorRecord(url: "https://h/fail-0", ToolError(.connectivity, "connection refused: https://h/fail-0"))),
                .response(ResponseRecord(url: "https://h/1", status: 200, headers: [("content-type", "text/plain"), ("x-url", "https://h/1")],
                                         body: Array("https://h/1".utf8))),
                .failed(ErrorRecord(url: "ftp://h/2", bad)),
                .response(ResponseRecord(url: "https://h/3", status: 200, headers: [("content-type", "text/plain"), ("x-url", "https://h/3")],
                                         body: Array("https://h/3".utf8))),
                .passedOn(passOn),
                .failed(ErrorRecord(url: "https://h/fail-4", ToolError(.connectivity, "connection refused: https://h/fail-4"))),
            ], "concurrency \(concurrency)")
        }
    }

    func test_run_deliversEveryOutcomeWhenNoTargetNeedsAFetch() {
        let targets: [FetchTarget] = (0..<20).map { index in
            index % 2 == 0 ? .passOn(ErrorRecord(url: "u\(index)", ToolError(.notFound, "m\(index)")))
                           : .invalid("x\(index)", ToolError(.usage, "malformed URL"))
        }
        let client = HTTPClientStub()

        let outcomes = run(BatchFetcher(client: client, concurrency: 3), targets)

        XCTAssertEqual(outcomes, targets.map(expectedOutcome))
        XCTAssertEqual(client.requestedURLs, [])
    }

    func test_run_keepsEveryStatusAsAResponseAndNormalizesHeaders() {
        let client = HTTPClientStub(status: { url in Int(url.split(separator: "/").last ?? "") ?? 0 })
        let targets = [404, 500, 200, 301].map { FetchTarget.url("https://h/\($0)") }

        let outcomes = run(BatchFetcher(client: client, concurrency: 2), targets)

        XCTAssertEqual(outcomes.map(\.status), [404, 500, 200, 301])
        XCTAssertEqual(outcomes.compactMap(\.response).map { $0.headers.map(\.name) },
                       Array(repeating: ["content-type", "x-url"], count: 4))
    }

    func test_run_worksWithAClientThatCompletesSynchronously() {
        let client = HTTPClientStub(synchronous: true)
        let targets = mixedTargets(count: 12)

        for concurrency in [1, 3, 8] {
            XCTAssertEqual(run(BatchFetcher(client: client, concurrency: concurrency), targets), targets.map(expectedOutcome),
                           "concurrency \(concurrency)")
        }
    }

    func test_run_withAClientThatCompletesAtOnce_startsEveryTargetWithoutGrowingTheStack() {
        // Each synchronous completion used to start the next target from
        // inside itself: 20,000 failing URLs overflowed the stack.
        let client = HTTPClientStub(synchronous: true)
        let targets = (0..<200_000).map { FetchTarget.url("https://h/fail/\($0)") }
        var delivered = 0, failed = 0

        BatchFetcher(client: client, concurrency: 4).run(targets) { outcome in
            delivered += 1
            if case .failed = outcome { failed += 1 }
        }

        XCTAssertEqual(delivered, targets.count)
        XCTAssertEqual(failed, targets.count)
    }

    func test_run_deliversOnTheCallingThread() {
        let caller = Thread.current
        var threads: [Thread] = []

        BatchFetcher(client: HTTPClientStub(), concurrency: 4).run(mixedTargets(count: 10)) { _ in
            threads.append(Thread.current)
        }

        XCTAssertEqual(threads.count, 10)
        XCTAssertTrue(threads.allSatisfy { $0 === caller })
    }

    func test_run_deliversAnOutcomeAsSoonAsItsTurnComesWithoutWaitingForLaterOnes() {
        let client = HTTPClientStub(delay: { url in url.hasSuffix("slow") ? 0.5 : 0.001 })
        let targets = [FetchTarget.url("https://h/fast"), .url("https://h/slow")]
        var completedWhenFirstDelivered: [String]? = nil

        BatchFetcher(client: client, concurrency: 2).run(targets) { _ in
            if completedWhenFirstDelivered == nil { completedWhenFirstDelivered = client.completedURLs }
        }

        XCTAssertEqual(completedWhenFirstDelivered, ["https://h/fast"])
    }

    // MARK: - Helpers

    private func run(_ sut: BatchFetcher, _ targets: [FetchTarget], file: StaticString = #filePath, line: UInt = #line) -> [BatchFetcher.Outcome] {
        var outcomes: [BatchFetcher.Outcome] = []
        sut.run(targets) { outcomes.append($0) }
        XCTAssertEqual(outcomes.count, targets.count, "one outcome per target", file: file, line: line)
        return outcomes
    }

    /// URLs, failing URLs, bad URLs and pass-ons, interleaved.
    private func mixedTargets(count: Int) -> [FetchTarget] {
        (0..<count).map { index in
            switch index % 7 {
            case 2: return .url("https://h/fail-\(index)")
            case 4: return .invalid("ftp://h/\(index)", ToolError(.usage, "unsupported scheme 'ftp' (only http and https)"))
            case 6: return .passOn(ErrorRecord(url: "https://h/feed-\(index)", ToolError(.invalidData, "status 500, expected 200")))
            default: return .url("https://h/\(index)")
            }
        }
    }

    private func urls(in targets: [FetchTarget]) -> [String] {
        targets.compactMap { target in
            if case .url(let url) = target { return url }
            return nil
        }
    }

    /// What the stub makes of each target, worked out without the fetcher.
    private func expectedOutcome(_ target: FetchTarget) -> BatchFetcher.Outcome {
        switch target {
        case .passOn(let record):
            return .passedOn(record)
        case .invalid(let url, let error):
            return .failed(ErrorRecord(url: url, error))
        case .url(let url) where url.contains("fail"):
            return .failed(ErrorRecord(url: url, ToolError(.connectivity, "connection refused: \(url)")))
        case .url(let url):
            return .response(ResponseRecord(url: url, status: 200, headers: [("content-type", "text/plain"), ("x-url", url)],
                                            body: Array(url.utf8)))
        }
    }
}

/// An in-memory HTTP client that completes on background queues after a delay
/// that varies by URL (so requests finish out of order), and counts how many
/// requests are in flight at once.
private final class HTTPClientStub: HTTPClient, @unchecked Sendable {
    private let lock = NSLock()
    private var inFlight = 0
    private var _maxInFlight = 0
    private var _requested: [String] = []
    private var _completed: [String] = []
    private let delay: @Sendable (String) -> Double
    private let status: @Sendable (String) -> Int
    private let synchronous: Bool

    init(synchronous: Bool = false,
         delay: @escaping @Sendable (String) -> Double = HTTPClientStub.scrambledDelay,
         status: @escaping @Sendable (String) -> Int = { _ in 200 }) {
        self.synchronous = synchronous
        self.delay = delay
        self.status = status
    }

    var maxInFlight: Int { lock.withLock { _maxInFlight } }
    var requestedURLs: [String] { lock.withLock { _requested } }
    var completedURLs: [String] { lock.withLock { _completed } }

    func get(_ url: String, completion: @escaping @Sendable (Result<HTTPResponse, ToolError>) -> Void) {
        lock.withLock {
            inFlight += 1
            _maxInFlight = max(_maxInFlight, inFlight)
            _requested.append(url)
        }
        let result: Result<HTTPResponse, ToolError> = url.contains("fail")
            ? .failure(ToolError(.connectivity, "connection refused: \(url)"))
            : .success(HTTPResponse(status: status(url), headers: [("X-URL", url), ("Content-Type", "text/plain")], body: Array(url.utf8)))
        let complete: @Sendable () -> Void = { [self] in
            lock.withLock {
                inFlight -= 1
                _completed.append(url)
            }
            completion(result)
        }
        if synchronous {
            complete()
        } else {
            DispatchQueue.global().asyncAfter(deadline: .now() + delay(url), execute: complete)
        }
    }

    /// 2 to 14 ms, scrambled by the URL's text so neighbours finish out of order.
    static let scrambledDelay: @Sendable (String) -> Double = { url in
        let hash = url.utf8.reduce(0) { ($0 &* 31 &+ Int($1)) & 0xFFFF }
        return Double(2 + hash % 13) / 1000
    }
}

private extension BatchFetcher.Outcome {
    var response: ResponseRecord? {
        if case .response(let response) = self { return response }
        return nil
    }

    var status: Int? { response?.status }
}
