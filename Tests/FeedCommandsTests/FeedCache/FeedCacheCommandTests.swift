import XCTest
import FeedCore
import FeedCommands
import FeedTestSupport

/// feed-cache over in-memory standard I/O and `InMemoryFeedStore`: the local
/// feed and image data loaders, the cache policy against an injected clock,
/// the configuration from an injected environment. The disk store's own
/// promises (atomic replace, modes, locks) are FeedStoreFilesTests' and the
/// process tests'.
final class FeedCacheCommandTests: XCTestCase {
    private let cacheDir = "/cache"
    private var environment: [String: String] { ["FEED_CACHE_DIR": cacheDir] }
    private var savedDocument: [UInt8] { Array((Fixture.cacheDocument + "\n").utf8) }

    // MARK: - save

    func test_run_saveReplacesTheCachedFeedTimestampedNowAndWritesItBack() {
        let store = InMemoryFeedStore(feed: uniqueCachedFeed(savedAt: Timestamp.commandTestNow.adding(seconds: -60)))

        let result = run(["save"], stdin: .lines(Fixture.cacheDocument), store: store)

        XCTAssertEqual(result.code, 0)
        XCTAssertEqual(result.stdout, Fixture.cacheDocument + "\n")
        XCTAssertEqual(result.stderr, "")
        XCTAssertEqual(store.feed, CachedFeed(document: savedDocument, timestamp: .commandTestNow))
    }

    func test_run_saveThenLoadRoundTripsTheFeedThroughTheStore() {
        let store = InMemoryFeedStore()
        // Pretty input, an item with keys the cache does not know, an id in lower case: kept as given.
        let document = """
        {
          "items": [
            {"id": "\(Fixture.id1Lower)", "author": "a", "likes": 2, "url": "https://h/s?x=1"},
            {"id": "\(Fixture.id0)", "description": "é \\" \\\\ \\n", "url": "https://h/image-0"}
          ]
        }
        """
        let expected = #"{"items":[{"id":"\#(Fixture.id1Lower)","author":"a","likes":2,"url":"https://h/s?x=1"},{"id":"\#(Fixture.id0)","description":"é \" \\ \n","url":"https://h/image-0"}]}"# + "\n"

        let saved = run(["save", "-q"], stdin: BytesSource(document), store: store)
        let loaded = run(["load"], store: store)

        XCTAssertEqual(saved.code, 0)
        XCTAssertEqual(saved.stdout, "")
        XCTAssertEqual(loaded.code, 0)
        XCTAssertEqual(loaded.stdout, expected)
        XCTAssertEqual(loaded.stderr, "")
    }

    func test_run_saveKeepsImageDataOnlyForURLsInTheNewFeed() {
        let store = InMemoryFeedStore(images: ["https://h/image-0": [1], "https://h/gone": [2]])

        let result = run(["save"], stdin: .lines(Fixture.cacheDocument), store: store)

        XCTAssertEqual(result.code, 0)
        XCTAssertEqual(store.images, ["https://h/image-0": [1]])
    }

    func test_run_saveOfBadInputLeavesTheStoreUntouched() {
        let cases: [(input: BytesSource, code: Int32, kind: String)] = [
            (.lines(#"{"items":[{"id":"\#(Fixture.id0)","url":"https://h/a"},{"id":"not-a-uuid","url":"https://h/b"}]}"#), 65, "invalid-data"),
            (.lines(#"{"items":[{"id":"\#(Fixture.id0)","url":"relative/path"}]}"#), 65, "invalid-data"),
            (.lines(#"{"items":[{"id":"\#(Fixture.id0)","image":"https://h/a"}]}"#), 65, "invalid-data"),
            (.lines(#"{"items":{}}"#), 65, "invalid-data"),
            (.lines(Fixture.responseRecord(body: Fixture.feedPayload)), 65, "invalid-data"),
            (BytesSource(Fixture.cacheDocument + "\n{\"items\":["), 65, "invalid-data"),
            (BytesSource(#"{"items":[{"id":"\#(Fixture.id0)","url":"https://h/a"}"#), 65, "invalid-data"),
            (.empty, 66, "not-found"),
            (BytesSource("\n \n"), 66, "not-found"),
        ]
        for (offset, (input, code, kind)) in cases.enumerated() {
            let before = uniqueCachedFeed(savedAt: Timestamp.commandTestNow.adding(seconds: -60))
            let store = InMemoryFeedStore(feed: before, images: ["https://h/kept": [7]])

            let result = run(["save"], stdin: input, store: store)

            XCTAssertEqual(result.code, code, "case \(offset)")
            XCTAssertEqual(store.feed, before, "case \(offset): the cache changed")
            XCTAssertEqual(store.images, ["https://h/kept": [7]], "case \(offset): the image data changed")
            XCTAssertEqual(result.stderrLines.count, 1, "case \(offset): \(result.stderr)")
            XCTAssertTrue(result.stderr.hasPrefix("feed-cache: "), result.stderr)
            XCTAssertEqual(errorKinds(result), [kind], "case \(offset)")
            XCTAssertFalse(result.stdout.contains(#"{"items""#), "case \(offset): a feed was written")
        }
    }

    func test_run_savePassesOnAnErrorRecordSilentlyWithItsCodeAndLeavesTheStoreUntouched() {
        let before = uniqueCachedFeed(savedAt: .commandTestNow)
        let store = InMemoryFeedStore(feed: before)
        let record = Fixture.errorRecord(url: Fixture.feedURL, kind: "connectivity", message: "could not connect")

        let result = run(["save"], stdin: .lines(record), store: store)

        XCTAssertEqual(result.code, 69)
        XCTAssertEqual(result.stdout, record + "\n")
        XCTAssertEqual(result.stderr, "")
        XCTAssertEqual(store.feed, before)
    }

    func test_run_saveRefusesATerminalOnStdinAsUsage() {
        let store = InMemoryFeedStore()

        let result = run(["save"], stdin: .terminal, store: store)

        XCTAssertEqual(result.code, 64)
        XCTAssertNil(store.feed)
        XCTAssertTrue(result.stderr.hasPrefix("feed-cache: standard input is a terminal"), result.stderr)
        XCTAssertEqual(result.stderrLines.count, 1)
    }

    func test_run_saveIs74WithOneMessageWhenTheStoreCannotWrite() {
        let result = run(["save"], stdin: .lines(Fixture.cacheDocument), store: FailingStore())

        XCTAssertEqual(result.code, 74)
        XCTAssertEqual(result.stderr, "feed-cache: /cache: cannot save the feed: the disk is on fire\n")
        XCTAssertEqual(result.stdout, Fixture.errorRecord(kind: "saving", message: "/cache: cannot save the feed: the disk is on fire") + "\n")
    }

    func test_run_saveWritesTheFeedAsTextWithFormatText() {
        let store = InMemoryFeedStore()

        let result = run(["save", "--format", "text"], stdin: .lines(Fixture.cacheDocument), store: store)

        XCTAssertEqual(result.code, 0)
        XCTAssertEqual(result.stdout, "d\n  l\n  https://h/image-0\n\n(no description)\n  https://h/image-2\n")
        XCTAssertEqual(store.feed?.document, CachedBytes(savedDocument))
    }

    // MARK: - load

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

    // MARK: - validate

    func test_run_validateDeletesAnExpiredFeedAndItsImageData() {
        let store = InMemoryFeedStore(feed: CachedFeed(document: savedDocument, timestamp: Timestamp.commandTestNow.adding(seconds: -7 * 86400)),
                                      images: ["https://h/image-0": [1]])

        let result = run(["validate"], store: store)

        XCTAssertEqual(result.code, 0)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(result.stderr, "")
        XCTAssertNil(store.feed)
        XCTAssertEqual(store.images, [:])
    }

    func test_run_validateKeepsAValidOrEmptyCache() {
        let valid = CachedFeed(document: savedDocument, timestamp: Timestamp.commandTestNow.adding(seconds: -86400))
        let store = InMemoryFeedStore(feed: valid, images: ["https://h/image-0": [1]])
        let empty = InMemoryFeedStore()

        XCTAssertEqual(run(["validate"], store: store).code, 0)
        XCTAssertEqual(run(["validate"], store: empty).code, 0)
        XCTAssertEqual(store.feed, valid)
        XCTAssertEqual(store.images, ["https://h/image-0": [1]])
        XCTAssertNil(empty.feed)
    }

    func test_run_validateUsesTheMaxAgeFromTheEnvironment() {
        let store = InMemoryFeedStore(feed: CachedFeed(document: savedDocument, timestamp: Timestamp.commandTestNow.adding(seconds: -3600)))

        let result = run(["validate"], store: store, environment: ["FEED_CACHE_DIR": cacheDir, "FEED_CACHE_MAX_AGE": "1h"])

        XCTAssertEqual(result.code, 0)
        XCTAssertNil(store.feed)
    }

    func test_run_validateIs74WhenTheStoreCannotDelete() {
        let result = run(["validate"], store: FailingStore())

        XCTAssertEqual(result.code, 74)
        XCTAssertEqual(result.stderr, "feed-cache: /cache: cannot delete the cached feed: the disk is on fire\n")
        XCTAssertEqual(errorKinds(result), ["deletion"])
    }

    // MARK: - image save / image load

    func test_run_imageSaveThenImageLoadRoundTripsTheRawBytes() {
        let store = InMemoryFeedStore()
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0xFF]
        let input = BytesSource.lines(
            Fixture.responseRecord(url: "https://h/image-0", headers: [("Content-Type", "image/png")], body: png),
            Fixture.responseRecord(url: "https://h/image-1", body: "text bytes")
        )

        let saved = run(["image", "save"], stdin: input, store: store)
        let loaded = run(["image", "load", "https://h/image-0"], store: store)

        XCTAssertEqual(saved.code, 0)
        XCTAssertEqual(saved.stdout, "")
        XCTAssertEqual(saved.stderr, "")
        XCTAssertEqual(store.images, ["https://h/image-0": png, "https://h/image-1": Array("text bytes".utf8)])
        XCTAssertEqual(loaded.code, 0)
        XCTAssertEqual(loaded.io.output.bytes, png)
        XCTAssertEqual(loaded.stderr, "")
    }

    func test_run_imageSaveStoresTheGoodRecordsAndExitsWithTheFirstFailuresCode() {
        let store = InMemoryFeedStore()
        let passed = Fixture.errorRecord(url: "https://h/image-3", kind: "connectivity", message: "reset")

        let result = run(["image", "save"], stdin: .lines(
            Fixture.responseRecord(url: "https://h/image-0", status: 404, body: "nope"),
            Fixture.responseRecord(url: "https://h/image-1", body: [1, 2, 3]),
            Fixture.responseRecord(url: "https://h/image-2", body: ""),
            passed
        ), store: store)

        XCTAssertEqual(result.code, 65)
        XCTAssertEqual(store.images, ["https://h/image-1": [1, 2, 3]])
        XCTAssertEqual(result.stderrLines.count, 2, result.stderr)
        XCTAssertTrue(result.stderrLines.first?.hasPrefix("feed-cache: https://h/image-0: ") == true, result.stderr)
        XCTAssertEqual(result.stdoutLines.last, passed)
        XCTAssertEqual(errorKinds(result), ["invalid-data", "invalid-data", "connectivity"])
    }

    func test_run_imageLoadOfAURLNotCachedIsNotFound() {
        let result = run(["image", "load", "https://h/image-9"], store: InMemoryFeedStore(images: ["https://h/image-0": [1]]))

        XCTAssertEqual(result.code, 66)
        XCTAssertEqual(result.stderr, "feed-cache: https://h/image-9: no image data in the cache\n")
        XCTAssertEqual(result.stdout, Fixture.errorRecord(url: "https://h/image-9", kind: "not-found", message: "no image data in the cache") + "\n")
    }

    func test_run_imageLoadIs74WhenTheStoreCannotBeRead() {
        let result = run(["image", "load", "https://h/image-0"], store: FailingStore(), stdoutIsTerminal: true)

        XCTAssertEqual(result.code, 74)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(result.stderrLines.count, 1)
    }

    func test_run_imageSaveIs74WhenTheStoreCannotWrite() {
        let result = run(["image", "save"], stdin: .lines(Fixture.responseRecord(url: "https://h/image-0", body: [1])), store: FailingStore())

        XCTAssertEqual(result.code, 74)
        XCTAssertEqual(errorKinds(result), ["saving"])
        XCTAssertEqual(result.stderrLines.count, 1)
    }

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
            let code = FeedCacheCommand { directory in
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

        let code = FeedCacheCommand { _ in
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

    // MARK: - Helpers

    private func run(_ arguments: [String], stdin: BytesSource = .terminal, store: FeedStore & FeedImageDataStore,
                     environment: [String: String]? = nil, clock: TestClock = TestClock(),
                     stdoutIsTerminal: Bool = false, stdoutRefusingAfter limit: Int? = nil,
                     file: StaticString = #filePath, line: UInt = #line) -> RunResult {
        let io = makeIO(stdin: stdin, stdoutIsTerminal: stdoutIsTerminal, stdoutRefusingAfter: limit,
                        environment: environment ?? self.environment, clock: clock)
        let code = FeedCacheCommand { _ in store }.run(arguments, io.standardIO)
        return RunResult(code: code, io: io)
    }

    private func errorKinds(_ result: RunResult, file: StaticString = #filePath, line: UInt = #line) -> [String] {
        jsonValues(result.io.output.bytes, file: file, line: line).compactMap { $0["error"]?["kind"]?.stringValue }
    }
}
