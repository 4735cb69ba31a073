import XCTest
import FeedCore
import FeedCommands
import FeedTestSupport

/// feed-cache over in-memory standard I/O and `InMemoryFeedStore`: the local
/// feed and image data loaders, the cache policy against an injected clock,
/// the configuration from an injected environment. The disk store's own
/// promises (atomic replace, modes, locks) are FeedStoreFilesTests' and the
/// process tests'.
///
/// What the `FeedCache*CommandTests` share: the cache directory, its
/// environment, and feed-cache run over in-memory standard I/O.
protocol FeedCacheCommandTesting: XCTestCase {}

extension FeedCacheCommandTesting {

    var cacheDir: String { "/cache" }

    var environment: [String: String] { ["FEED_CACHE_DIR": cacheDir] }

    var savedDocument: [UInt8] { Array((Fixture.cacheDocument + "\n").utf8) }

    func run(_ arguments: [String], stdin: BytesSource = .terminal, store: FeedStore & FeedImageDataStore,
             environment: [String: String]? = nil, clock: TestClock = TestClock(),
             stdoutIsTerminal: Bool = false, stdoutRefusingAfter limit: Int? = nil,
             file: StaticString = #filePath, line: UInt = #line) -> RunResult {
        let io = makeIO(stdin: stdin, stdoutIsTerminal: stdoutIsTerminal, stdoutRefusingAfter: limit,
                        environment: environment ?? self.environment, clock: clock)
        let code = FeedCacheCommand { _, _ in store }.run(arguments, io.standardIO)
        return RunResult(code: code, io: io)
    }

    func errorKinds(_ result: RunResult, file: StaticString = #filePath, line: UInt = #line) -> [String] {
        jsonValues(result.io.output.bytes, file: file, line: line).compactMap { $0["error"]?["kind"]?.stringValue }
    }
}
