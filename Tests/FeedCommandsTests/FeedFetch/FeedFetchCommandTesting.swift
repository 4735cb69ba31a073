import XCTest
import FeedCore
import FeedCommands
import FeedTestSupport

/// feed-fetch over in-memory standard I/O and a stub HTTP client: "System
/// downloads data from the URL", one response record per URL in input order.
/// The real transfers (redirects, TLS, timeouts, signals) are the process
/// tests' and FeedNetworking's.
///
/// What the `FeedFetch*CommandTests` share: feed-fetch run over in-memory
/// standard I/O and a stub client.
protocol FeedFetchCommandTesting: XCTestCase {}

extension FeedFetchCommandTesting {

    func run(_ arguments: [String] = [], stdin: BytesSource = .terminal, client: HTTPClientStub,
             stdoutIsTerminal: Bool = false, stdoutRefusingAfter limit: Int? = nil) -> RunResult {
        let io = makeIO(stdin: stdin, stdoutIsTerminal: stdoutIsTerminal, stdoutRefusingAfter: limit)
        let code = FeedFetchCommand { _ in client }.run(arguments, io.standardIO)
        return RunResult(code: code, io: io)
    }

    func errorKinds(_ result: RunResult, file: StaticString = #filePath, line: UInt = #line) -> [String] {
        jsonValues(result.io.output.bytes, file: file, line: line).compactMap { $0["error"]?["kind"]?.stringValue }
    }
}
