import XCTest
import FeedCore
import FeedCommands
import FeedTestSupport

/// feed-cache save: the feed replaced, timestamped now, all or nothing.
final class FeedCacheSaveCommandTests: XCTestCase, FeedCacheCommandTesting {

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
}
