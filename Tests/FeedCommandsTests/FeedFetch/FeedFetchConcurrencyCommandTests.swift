import XCTest
import FeedCore
import FeedCommands
import FeedTestSupport

/// feed-fetch with -j: records in input order whatever order the client answers in.
final class FeedFetchConcurrencyCommandTests: XCTestCase, FeedFetchCommandTesting {

    func test_run_writesRecordsInInputOrderWithJ4FromAClientThatAnswersOutOfOrder() {
        let urls = (0..<12).map { "https://h/\($0)" }
        var answers: [String: Result<HTTPResponse, ToolError>] = [:]
        var delays: [String: Double] = [:]
        for (offset, url) in urls.enumerated() {
            answers[url] = .success(.ok("body \(offset)"))
            delays[url] = Double(urls.count - offset) * 0.004 // the first ones answer last
        }
        let stub = HTTPClientStub(answers, delivery: .onAnotherThread, delays: delays)
        var asked: (limits: FetchLimits, concurrency: Int)?

        let io = makeIO()
        let code = FeedFetchCommand { settings in
            asked = (settings.limits, settings.concurrency)
            return stub
        }.run(["-j", "4"] + urls, io.standardIO)

        XCTAssertEqual(code, 0)
        XCTAssertEqual(io.output.lines, urls.enumerated().map { offset, url in
            #"{"url":"\#(url)","status":200,"headers":{},"body":"body \#(offset)"}"#
        })
        XCTAssertEqual(io.errors.text, "")
        XCTAssertEqual(asked?.concurrency, 4)
        XCTAssertEqual(Set(stub.requestedURLs), Set(urls))
        XCTAssertLessThanOrEqual(stub.maxRequestsInFlight, 4)
        XCTAssertGreaterThan(stub.maxRequestsInFlight, 1, "-j 4 fetched one at a time")
    }

    func test_run_fetchesOneAtATimeByDefault() {
        let urls = (0..<5).map { "https://h/\($0)" }
        let stub = HTTPClientStub(Dictionary(uniqueKeysWithValues: urls.map { ($0, .success(.ok($0))) }), delivery: .onAnotherThread,
                                  delays: Dictionary(uniqueKeysWithValues: urls.map { ($0, 0.002) }))

        let result = run(urls, client: stub)

        XCTAssertEqual(result.code, 0)
        XCTAssertEqual(result.stdoutLines.count, urls.count)
        XCTAssertEqual(stub.requestedURLs, urls)
        XCTAssertEqual(stub.maxRequestsInFlight, 1)
    }

    func test_run_writesTheSameBytesWhetherTheClientAnswersAtOnceOrOnAnotherThread() {
        let urls = (0..<6).map { "https://h/\($0)" }
        var answers: [String: Result<HTTPResponse, ToolError>] = [:]
        for (offset, url) in urls.enumerated() {
            answers[url] = offset == 2 ? .failure(ToolError(.connectivity, "connection reset")) : .success(.ok("\(offset)"))
        }

        let synchronous = run(["-j3"] + urls, client: HTTPClientStub(answers))
        let threaded = run(["-j3"] + urls, client: HTTPClientStub(answers, delivery: .onAnotherThread,
                                                                   delays: ["https://h/0": 0.02, "https://h/4": 0.01]))

        XCTAssertEqual(synchronous.code, 69)
        XCTAssertEqual(threaded.code, 69)
        XCTAssertEqual(synchronous.stdout, threaded.stdout)
        XCTAssertEqual(synchronous.stderr, threaded.stderr)
    }
}
