import XCTest
import FeedCore
import FeedCommands
import FeedTestSupport

/// feed-fetch's options: limits and concurrency, bad values, help and version.
final class FeedFetchOptionsCommandTests: XCTestCase, FeedFetchCommandTesting {

    func test_run_givesTheClientTheLimitsAndConcurrencyAsked() {
        var asked: [(limits: FetchLimits, concurrency: Int)] = []
        let stub = HTTPClientStub(["https://h/a": .success(.ok("a"))])
        func fetch(_ arguments: [String]) -> Int32 {
            FeedFetchCommand { settings in
                asked.append((settings.limits, settings.concurrency))
                return stub
            }.run(arguments, makeIO().standardIO)
        }

        XCTAssertEqual(fetch(["https://h/a"]), 0)
        XCTAssertEqual(fetch(["--timeout", "2.5", "--max-size", "512K", "--jobs=8", "https://h/a"]), 0)

        XCTAssertEqual(asked.count, 2)
        XCTAssertEqual(asked.first?.limits.timeout, FetchLimits.defaultTimeout)
        XCTAssertEqual(asked.first?.limits.maxSize, FetchLimits.defaultMaxSize)
        XCTAssertEqual(asked.first?.concurrency, 1)
        XCTAssertEqual(asked.last?.limits.timeout, 2.5)
        XCTAssertEqual(asked.last?.limits.maxSize, 512 * 1024)
        XCTAssertEqual(asked.last?.concurrency, 8)
    }

    func test_run_rejectsBadOptionValuesAsUsageWithAHintBeforeFetching() {
        let cases: [[String]] = [["-j", "0"], ["-j", "257"], ["-j", "four"], ["--timeout", "0"], ["--timeout", "-1"],
                                 ["--timeout", "1e3"], ["--max-size", "12Q"], ["--max-size", ""], ["--nope"], ["-j"]]
        for arguments in cases {
            let stub = HTTPClientStub(["https://h/a": .success(.ok("a"))])

            let result = run(arguments + ["https://h/a"], client: stub)

            XCTAssertEqual(result.code, 64, "\(arguments)")
            XCTAssertEqual(stub.requestedURLs, [], "\(arguments)")
            XCTAssertEqual(result.stderrLines.count, 1, "\(arguments)")
            XCTAssertTrue(result.stderr.hasPrefix("feed-fetch: "), result.stderr)
            XCTAssertTrue(result.stderr.hasSuffix("(see 'feed-fetch --help')\n"), "\(arguments): \(result.stderr)")
            XCTAssertEqual(errorKinds(result), ["usage"], "\(arguments)")
        }
    }

    func test_run_rejectsAnUnknownOptionWithItsNameAndAHint() {
        let result = run(["--bogus", "https://h/a"], client: HTTPClientStub([:]))

        XCTAssertEqual(result.code, 64)
        XCTAssertEqual(result.stderr, "feed-fetch: unknown option '--bogus' (see 'feed-fetch --help')\n")
    }

    func test_run_takesArgumentsAfterDoubleDashAsURLs() {
        let result = run(["--", "--help"], client: HTTPClientStub([:]))

        XCTAssertEqual(result.code, 64)
        XCTAssertEqual(result.stderr, "feed-fetch: --help: no scheme: write http:// or https://\n")
    }

    func test_run_printsHelpOnStdoutAndExitsZeroWithoutFetching() {
        let stub = HTTPClientStub([:])

        let result = run(["--help", "https://h/a"], client: stub)

        XCTAssertEqual(result.code, 0)
        XCTAssertTrue(result.stdout.hasPrefix("usage: feed-fetch"), result.stdout)
        XCTAssertEqual(result.stderr, "")
        XCTAssertEqual(stub.requestedURLs, [])
    }

    func test_run_printsTheVersion() {
        let result = run(["--version"], client: HTTPClientStub([:]))

        XCTAssertEqual(result.code, 0)
        XCTAssertEqual(result.stdout, "feed-fetch \(ToolsetVersion.string)\n")
        XCTAssertEqual(result.stderr, "")
    }
}
