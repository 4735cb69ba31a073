import XCTest
import FeedCore
import FeedCommands
import FeedTestSupport

/// feed-cache's configuration (the cache directory from options or environment), usage, help and version.
final class FeedCacheUsageCommandTests: XCTestCase, FeedCacheCommandTesting {

    // MARK: - Configuration

    func test_run_opensTheStoreInTheDirectoryFromOptionsOrEnvironment() {
        let cases: [([String], [String: String], String)] = [
            (["--cache-dir", "/opt", "load"], ["FEED_CACHE_DIR": "/env", "HOME": "/home/u"], "/opt"),
            (["load", "--cache-dir=/after"], ["FEED_CACHE_DIR": "/env"], "/after"),
            (["load"], ["FEED_CACHE_DIR": "/env", "XDG_CACHE_HOME": "/xdg", "HOME": "/home/u"], "/env"),
            (["load"], ["FEED_CACHE_DIR": "", "XDG_CACHE_HOME": "/xdg", "HOME": "/home/u"], "/xdg/essential-feed"),
            (["load"], ["HOME": "/home/u"], "/home/u/.cache/essential-feed"),
        ]
        for (arguments, environment, expected) in cases {
            var directories: [String] = []
            let io = makeIO(environment: environment)
            let code = FeedCacheCommand { directory, _ in
                directories.append(directory)
                return InMemoryFeedStore()
            }.run(arguments, io.standardIO)

            XCTAssertEqual(code, 66, "\(arguments)")
            XCTAssertEqual(directories, [expected], "\(arguments) \(environment)")
            XCTAssertEqual(io.errors.text, "feed-cache: \(expected): no cached feed\n")
        }
    }

    func test_run_withoutACacheDirectoryIsUsageAndOpensNoStore() {
        var opened = false
        let io = makeIO(environment: [:])

        let code = FeedCacheCommand { _, _ in
            opened = true
            return InMemoryFeedStore()
        }.run(["load"], io.standardIO)

        XCTAssertEqual(code, 64)
        XCTAssertFalse(opened)
        XCTAssertEqual(io.errors.text, "feed-cache: no cache directory: give --cache-dir, or set FEED_CACHE_DIR or HOME (see 'feed-cache --help')\n")
    }

    // MARK: - Usage, help, version

    func test_run_rejectsBadSubcommandsAndOptionsAsUsageWithAHint() {
        let cases: [[String]] = [[], ["fetch"], ["load", "extra"], ["validate", "--pretty"], ["load", "-q"],
                                 ["image"], ["image", "delete"], ["image", "load"], ["--nope", "load"],
                                 ["load", "--format", "yaml"], ["--cache-dir"]]
        for arguments in cases {
            let store = InMemoryFeedStore(feed: CachedFeed(document: savedDocument, timestamp: .commandTestNow))

            let result = run(arguments, stdin: .lines(Fixture.cacheDocument), store: store)

            XCTAssertEqual(result.code, 64, "\(arguments)")
            XCTAssertEqual(result.stderrLines.count, 1, "\(arguments): \(result.stderr)")
            XCTAssertTrue(result.stderr.hasPrefix("feed-cache: "), result.stderr)
            XCTAssertTrue(result.stderr.hasSuffix("(see 'feed-cache --help')\n"), "\(arguments): \(result.stderr)")
            XCTAssertEqual(errorKinds(result), ["usage"], "\(arguments)")
        }
    }

    func test_run_printsHelpOnStdoutAndExitsZeroWithoutACacheDirectory() {
        let overview = run(["--help"], store: InMemoryFeedStore(), environment: [:])
        let load = run(["load", "--help"], store: InMemoryFeedStore(), environment: [:])

        XCTAssertEqual(overview.code, 0)
        XCTAssertTrue(overview.stdout.hasPrefix("usage: feed-cache [--cache-dir DIR] [--max-age DURATION] SUBCOMMAND"), overview.stdout)
        XCTAssertEqual(overview.stderr, "")
        XCTAssertEqual(load.code, 0)
        XCTAssertTrue(load.stdout.hasPrefix("usage: feed-cache [--cache-dir DIR] [--max-age DURATION] load"), load.stdout)
        XCTAssertEqual(load.stderr, "")
    }

    func test_run_printsTheVersion() {
        let result = run(["--version"], store: InMemoryFeedStore(), environment: [:])

        XCTAssertEqual(result.code, 0)
        XCTAssertEqual(result.stdout, "feed-cache \(ToolsetVersion.string)\n")
        XCTAssertEqual(result.stderr, "")
    }
}
