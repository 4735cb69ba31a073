import XCTest
import Dispatch
import Foundation
import FeedCore

/// PaginatedFetch over a stub client: pages one after another, each page's
/// record delivered on the calling thread, in order, and every rule that
/// ends the pages.
final class PaginationFetchTests: XCTestCase {
    private let first = "https://h/v1/feed?limit=2"

    func test_run_followsFullPagesUntilAShorterOne() {
        let client = PagedClientStub([first: .page(["a", "b"]), after("b"): .page(["c", "d"]), after("d"): .page(["e"])])

        let pages = run(client)

        XCTAssertEqual(client.requestedURLs, [first, after("b"), after("d")])
        XCTAssertEqual(pages.map(\.url), client.requestedURLs)
        XCTAssertEqual(pages.map(\.status), [200, 200, 200])
        XCTAssertEqual(pages.last?.body, PagedClientStub.body(["e"]))
    }

    func test_run_endsAfterAnEmptyPage() {
        let client = PagedClientStub([first: .page(["a", "b"]), after("b"): .page([])])

        XCTAssertEqual(run(client).map(\.url), [first, after("b")])
    }

    func test_run_endsAfterAPageOfMoreItemsThanTheLimit() {
        let client = PagedClientStub([first: .page(["a", "b", "c"])])

        XCTAssertEqual(run(client).map(\.url), [first])
    }

    func test_run_endsAfterAStatusOtherThan200WrittenAsItIs() {
        for status in [201, 204, 304, 404, 500] {
            let full = HTTPResponse(status: status, body: PagedClientStub.body(["c", "d"]))
            let client = PagedClientStub([first: .page(["a", "b"]), after("b"): .success(full)])

            let pages = run(client)

            XCTAssertEqual(pages.map(\.status), [200, status], "status \(status)")
            XCTAssertEqual(pages.last?.body, full.body, "status \(status)")
            XCTAssertEqual(client.requestedURLs.count, 2, "status \(status)")
        }
    }

    func test_run_endsAfterABodyThatIsNotAPayload() {
        for body in ["<html>", #"{"items":"none"}"#, "[]", ""] {
            let client = PagedClientStub([first: .success(HTTPResponse(status: 200, body: Array(body.utf8)))])

            XCTAssertEqual(run(client).map(\.body), [Array(body.utf8)], body)
        }
    }

    func test_run_endsAfterAPageWhoseLastIDRepeatsOneSeenBefore() {
        let client = PagedClientStub([first: .page(["a", "b"]), after("b"): .page(["c", "d"]), after("d"): .page(["x", "b"])])

        XCTAssertEqual(run(client).map(\.url), [first, after("b"), after("d")])
    }

    func test_run_comparesIDsExactlySoAnotherCaseIsANewID() {
        let client = PagedClientStub([first: .page(["a", "b"]), after("b"): .page(["c", "B"]), after("B"): .page([])])

        XCTAssertEqual(run(client).map(\.url), [first, after("b"), after("B")])
    }

    func test_run_endsAfterAFullPageWhoseLastItemHasNoID() {
        let body = Array(#"{"items":[{"id":"a"},{"image":"https://h/i"}]}"#.utf8)
        let client = PagedClientStub([first: .success(HTTPResponse(status: 200, body: body))])

        XCTAssertEqual(run(client).map(\.url), [first])
    }

    func test_run_stopsAfterMaxPagesWithoutAnError() {
        let client = PagedClientStub.endless(limit: 2)

        XCTAssertEqual(run(client, from: first, maxPages: 3).count, 3)
        XCTAssertEqual(client.requestedURLs.count, 3)
        XCTAssertEqual(run(PagedClientStub.endless(limit: 2), from: first, maxPages: 1).count, 1)
    }

    func test_run_stopsAfterAHundredPagesByDefault() {
        let client = PagedClientStub.endless(limit: 2)

        XCTAssertEqual(run(client).count, Pagination.defaultMaxPages)
        XCTAssertEqual(Pagination.defaultMaxPages, 100)
    }

    func test_run_followsAnyNonEmptyPageWhenTheURLHasNoLimit() {
        let url = "https://h/v1/feed"
        let client = PagedClientStub([url: .page(["a", "b", "c"]), url + "?after_id=c": .page(["d"]), url + "?after_id=d": .page([])])

        XCTAssertEqual(run(client, from: url).map(\.url), [url, url + "?after_id=c", url + "?after_id=d"])
    }

    func test_run_setsAfterIDToTheLastIDAsTheServerWroteItReplacingTheOneThere() {
        let id = "73a7f70c-75da-4c2e-b5a3-eed40dc53aa6", odd = "x y/é"
        let start = "https://h/v1/feed?after_id=old&limit=1&q=z"
        let second = "https://h/v1/feed?after_id=\(id)&limit=1&q=z", third = "https://h/v1/feed?after_id=x%20y%2F%C3%A9&limit=1&q=z"
        let client = PagedClientStub([start: .page([id]), second: .page([odd]), third: .page([])])

        XCTAssertEqual(run(client, from: start).map(\.url), [start, second, third])
    }

    func test_run_deliversTheFailureOfAPageAsItsErrorRecordAndEndsThere() {
        let refused = ToolError(.connectivity, "connection refused")
        let client = PagedClientStub([first: .page(["a", "b"]), after("b"): .failure(refused)])
        var outcomes: [Result<ResponseRecord, ErrorRecord>] = []

        PaginatedFetch(client: client).run(first) { outcomes.append($0) }

        XCTAssertEqual(outcomes.count, 2)
        XCTAssertEqual(try outcomes.first?.get().url, first)
        XCTAssertEqual(outcomes.last, .failure(ErrorRecord(url: after("b"), refused)))
        XCTAssertEqual(client.requestedURLs, [first, after("b")])
    }

    func test_run_deliversOnTheCallingThreadInOrderWhenTheClientAnswersOnAnother() {
        let client = PagedClientStub.endless(limit: 2, onAnotherThread: true)
        var threads: [Bool] = []

        let pages = run(client, from: first, maxPages: 5) { threads.append(Thread.isMainThread) }

        XCTAssertEqual(pages.map(\.url), client.requestedURLs)
        XCTAssertEqual(pages.count, 5)
        XCTAssertEqual(threads, Array(repeating: true, count: 5))
        XCTAssertEqual(client.maxInFlight, 1, "pages are fetched one after another")
    }

    func test_run_endsWhenDeliverThrows() {
        struct Stop: Error {}
        let client = PagedClientStub.endless(limit: 2)
        var delivered = 0

        XCTAssertThrowsError(try PaginatedFetch(client: client).run(first) { _ in
            delivered += 1
            if delivered == 2 { throw Stop() }
        })
        XCTAssertEqual(delivered, 2)
        XCTAssertEqual(client.requestedURLs.count, 2)
    }

    // MARK: Helpers

    private func after(_ id: String) -> String { first + "&after_id=" + id }

    private func run(_ client: PagedClientStub, from url: String? = nil, maxPages: Int = Pagination.defaultMaxPages,
                     onDeliver: () -> Void = {}, file: StaticString = #filePath, line: UInt = #line) -> [ResponseRecord] {
        var pages: [ResponseRecord] = []
        PaginatedFetch(client: client, maxPages: maxPages).run(url ?? first) { outcome in
            onDeliver()
            switch outcome {
            case .success(let record): pages.append(record)
            case .failure(let record): XCTFail("unexpected \(record)", file: file, line: line)
            }
        }
        return pages
    }
}

/// Answers pages from a table of URL -> result (anything else: connectivity),
/// or an endless feed, at once or on another thread; records what was asked.
private final class PagedClientStub: HTTPClient, @unchecked Sendable {
    private let lock = NSLock()
    private let answer: @Sendable (String) -> Result<HTTPResponse, ToolError>
    private let onAnotherThread: Bool
    private var requested: [String] = []
    private var inFlight = 0, mostInFlight = 0

    init(_ answers: [String: Result<HTTPResponse, ToolError>], onAnotherThread: Bool = false) {
        answer = { answers[$0] ?? .failure(ToolError(.connectivity, "no stub answer for \($0)")) }
        self.onAnotherThread = onAnotherThread
    }

    private init(onAnotherThread: Bool, answer: @escaping @Sendable (String) -> Result<HTTPResponse, ToolError>) {
        self.answer = answer
        self.onAnotherThread = onAnotherThread
    }

    /// Full pages of `limit` new ids, whatever is asked.
    static func endless(limit: Int, onAnotherThread: Bool = false) -> PagedClientStub {
        let counter = Counter()
        return PagedClientStub(onAnotherThread: onAnotherThread) { _ in
            let page = counter.next()
            return .page((0..<limit).map { "id-\(page)-\($0)" })
        }
    }

    static func body(_ ids: [String]) -> [UInt8] {
        Array(("{\"items\":[" + ids.map { #"{"id":"\#($0)","image":"https://h/\#($0)"}"# }.joined(separator: ",") + "]}").utf8)
    }

    var requestedURLs: [String] { lock.withLock { requested } }
    var maxInFlight: Int { lock.withLock { mostInFlight } }

    func get(_ url: String, completion: @escaping @Sendable (Result<HTTPResponse, ToolError>) -> Void) {
        lock.withLock {
            requested.append(url)
            inFlight += 1
            mostInFlight = max(mostInFlight, inFlight)
        }
        let result = answer(url)
        let complete: @Sendable () -> Void = { [self] in
            lock.withLock { inFlight -= 1 }
            completion(result)
        }
        if onAnotherThread { DispatchQueue.global().asyncAfter(deadline: .now() + 0.002, execute: complete) } else { complete() }
    }

    private final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        func next() -> Int { lock.withLock { count += 1; return count } }
    }
}

private extension Result where Success == HTTPResponse, Failure == ToolError {
    static func page(_ ids: [String]) -> Self { .success(HTTPResponse(status: 200, body: PagedClientStub.body(ids))) }
}
