import XCTest
import FeedCore
import FeedCommands
import FeedTestSupport

/// feed-cache load: the cached feed as it was saved, or not found or expired by the max age.
final class FeedCacheLoadCommandTests: XCTestCase, FeedCacheCommandTesting {

    func test_run_loadWritesTheCachedFeedByteForByte() {
        let store = InMemoryFeedStore(feed: CachedFeed(document: savedDocument, timestamp: Timestamp.commandTestNow.adding(seconds: -86400)))

        let result = run(["load"], store: store)

        XCTAssertEqual(result.code, 0)
        XCTAssertEqual(result.io.output.bytes, savedDocument)
        XCTAssertEqual(result.stderr, "")
    }

    func test_run_loadWithNoCachedFeedIsNotFound() {
        let result = run(["load"], store: InMemoryFeedStore())

        XCTAssertEqual(result.code, 66)
        XCTAssertEqual(result.stderr, "feed-cache: /cache: no cached feed\n")
        XCTAssertEqual(result.stdout, Fixture.errorRecord(kind: "not-found", message: "/cache: no cached feed") + "\n")
    }

    func test_run_loadOfAFeedAsOldAsTheMaxAgeIsExpiredAndLeavesTheCacheAsItWas() {
        let store = InMemoryFeedStore()
        let clock = TestClock()
        XCTAssertEqual(run(["save", "-q"], stdin: .lines(Fixture.cacheDocument), store: store, clock: clock).code, 0)
        let saved = store.feed

        clock.advance(seconds: 7 * 86400)
        let result = run(["load"], store: store, clock: clock)

        XCTAssertEqual(result.code, 66)
        XCTAssertEqual(result.stderr, "feed-cache: /cache: cached feed expired: saved 2025-11-21T22:00:00Z, max age 7d\n")
        XCTAssertEqual(errorKinds(result), ["expired"])
        XCTAssertEqual(store.feed, saved)
    }

    func test_run_loadOfAFeedJustYoungerThanTheMaxAgeSucceeds() {
        let store = InMemoryFeedStore()
        let clock = TestClock()
        XCTAssertEqual(run(["save", "-q"], stdin: .lines(Fixture.cacheDocument), store: store, clock: clock).code, 0)

        clock.now = clock.now.adding(seconds: 7 * 86400).adding(nanoseconds: -1)
        let result = run(["load"], store: store, clock: clock)

        XCTAssertEqual(result.code, 0)
        XCTAssertEqual(result.io.output.bytes, savedDocument)
    }

    func test_run_loadTakesTheMaxAgeFromTheOptionBeforeOrAfterTheSubcommand() {
        let store = InMemoryFeedStore(feed: CachedFeed(document: savedDocument, timestamp: Timestamp.commandTestNow.adding(seconds: -2 * 86400)))

        let tooOld = run(["load", "--max-age", "1d12h"], store: store)
        let youngEnough = run(["--max-age", "2d1s", "load"], store: store)
        let inline = run(["load", "--max-age=36h"], store: store)

        XCTAssertEqual(tooOld.code, 66)
        XCTAssertEqual(tooOld.stderr, "feed-cache: /cache: cached feed expired: saved 2025-11-19T22:00:00Z, max age 1d12h\n")
        XCTAssertEqual(youngEnough.code, 0)
        XCTAssertEqual(youngEnough.io.output.bytes, savedDocument)
        XCTAssertEqual(inline.code, 66)
    }

    func test_run_loadTakesTheMaxAgeFromTheEnvironmentUnlessTheOptionIsGiven() {
        let store = InMemoryFeedStore(feed: CachedFeed(document: savedDocument, timestamp: Timestamp.commandTestNow.adding(seconds: -8 * 86400)))
        let longer = ["FEED_CACHE_DIR": cacheDir, "FEED_CACHE_MAX_AGE": "30d"]
        let shorter = ["FEED_CACHE_DIR": cacheDir, "FEED_CACHE_MAX_AGE": "15m"]

        XCTAssertEqual(run(["load"], store: store).code, 66, "the default is 7d")
        XCTAssertEqual(run(["load"], store: store, environment: longer).code, 0)
        XCTAssertEqual(run(["load", "--max-age", "7d"], store: store, environment: longer).code, 66)
        XCTAssertEqual(run(["load", "--max-age", "9d"], store: store, environment: shorter).code, 0)
        let fromEnvironment = run(["load"], store: store, environment: shorter)
        XCTAssertEqual(fromEnvironment.code, 66)
        XCTAssertTrue(fromEnvironment.stderr.hasSuffix("max age 15m\n"), fromEnvironment.stderr)
    }

    func test_run_rejectsAMaxAgeThatIsNotADurationAsUsage() {
        let store = InMemoryFeedStore(feed: CachedFeed(document: savedDocument, timestamp: .commandTestNow))
        let cases: [([String], [String: String])] = [
            (["load", "--max-age", "7"], environment),
            (["load", "--max-age", "7 days"], environment),
            (["load", "--max-age", ""], environment),
            (["load"], ["FEED_CACHE_DIR": cacheDir, "FEED_CACHE_MAX_AGE": "7"]),
        ]
        for (arguments, environment) in cases {
            let result = run(arguments, store: store, environment: environment, stdoutIsTerminal: true)

            XCTAssertEqual(result.code, 64, "\(arguments) \(environment)")
            XCTAssertEqual(result.stdout, "")
            XCTAssertEqual(result.stderrLines.count, 1)
            XCTAssertTrue(result.stderr.hasSuffix("(see 'feed-cache --help')\n"), result.stderr)
        }
    }

    func test_run_loadWritesTheFeedAsTextOrIndented() {
        let store = InMemoryFeedStore(feed: CachedFeed(document: savedDocument, timestamp: .commandTestNow))

        let text = run(["load", "--format", "text"], store: store)
        let pretty = run(["--pretty", "load"], store: store)

        XCTAssertEqual(text.code, 0)
        XCTAssertEqual(text.stdout, "d\n  l\n  https://h/image-0\n\n(no description)\n  https://h/image-2\n")
        XCTAssertEqual(pretty.code, 0)
        XCTAssertTrue(pretty.stdout.hasPrefix("{\n  \"items\": [\n    {\n      \"id\": \"\(Fixture.id0)\",\n"), pretty.stdout)
        XCTAssertEqual(jsonValues(pretty.io.output.bytes), jsonValues(savedDocument))
    }

    func test_run_loadDoesNotReadStdin() {
        let store = InMemoryFeedStore(feed: CachedFeed(document: savedDocument, timestamp: .commandTestNow))

        let result = run(["load"], stdin: .terminal, store: store)

        XCTAssertEqual(result.code, 0)
    }

    func test_run_loadIs74WhenTheStoreCannotBeRead() {
        let store = FailingStore()

        let result = run(["load"], store: store)

        XCTAssertEqual(result.code, 74)
        XCTAssertEqual(result.stderr, "feed-cache: /cache: cannot read the cached feed: the disk is on fire\n")
        XCTAssertEqual(errorKinds(result), ["retrieval"])
        XCTAssertEqual(store.calls, ["retrieve"])
    }

    func test_run_loadEndsWith74WhenStdoutIsClosed() {
        let store = InMemoryFeedStore(feed: CachedFeed(document: savedDocument, timestamp: .commandTestNow))

        let result = run(["load"], store: store, stdoutRefusingAfter: 0)

        XCTAssertEqual(result.code, 74)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(result.stderr, "")
    }
}
