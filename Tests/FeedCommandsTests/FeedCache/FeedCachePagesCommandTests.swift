import XCTest
import FeedCore
import FeedCommands
import FeedTestSupport

/// feed-cache over in-memory standard I/O and `InMemoryFeedStore`: `save` of
/// several feed documents (a page each), `save --append` ("load more"),
/// `--format ids`, and `validate` of a cache that cannot be written.
final class FeedCachePagesCommandTests: XCTestCase {
    private let environment = ["FEED_CACHE_DIR": "/cache"]

    // MARK: - save of pages

    func test_run_saveOfPagesSavesOneFeedOfTheirItemsInOrderAndWritesItOut() {
        let store = InMemoryFeedStore(feed: CachedFeed(document: document(item(Fixture.id2, "old")), timestamp: .commandTestNow.adding(seconds: -60)))

        let result = run(["save"], stdin: .lines(page(item(Fixture.id0, "0")), page(item(Fixture.id1, "1"), item(Fixture.id2, "2"))), store: store)

        let expected = document(item(Fixture.id0, "0"), item(Fixture.id1, "1"), item(Fixture.id2, "2"))
        XCTAssertEqual(result.code, 0, result.stderr)
        XCTAssertEqual(result.io.output.bytes, expected)
        XCTAssertEqual(result.stderr, "")
        XCTAssertEqual(store.feed, CachedFeed(document: expected, timestamp: .commandTestNow))
    }

    func test_run_saveOfPagesDropsARepeatedIdKeepingTheFirstAsSpelt() {
        let store = InMemoryFeedStore(images: ["https://h/0": [1], "https://h/0-again": [2]])

        let result = run(["save", "-q"], stdin: .lines(page(item(Fixture.id1Lower, "1"), item(Fixture.id0, "0")),
                                                       page(item(Fixture.id0, "0-again"), item(Fixture.id1, "1-again"))), store: store)

        XCTAssertEqual(result.code, 0, result.stderr)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(store.feed?.document, CachedBytes(document(item(Fixture.id1Lower, "1"), item(Fixture.id0, "0"))))
        XCTAssertEqual(store.images, ["https://h/0": [1]], "the dropped item's image data goes")
    }

    func test_run_saveOfPagesWithAnErrorRecordAnywherePassesItOnSilentlyAndSavesNothing() {
        let record = Fixture.errorRecord(url: Fixture.feedURL + "?after_id=x", kind: "connectivity", message: "reset")
        for input in [BytesSource.lines(page(item(Fixture.id0, "0")), record, page(item(Fixture.id1, "1"))),
                      BytesSource.lines(page(item(Fixture.id0, "0")), page(item(Fixture.id1, "1")), record),
                      BytesSource.lines(record, page(item(Fixture.id0, "0")))] {
            let before = uniqueCachedFeed(savedAt: Timestamp.commandTestNow.adding(seconds: -60))
            let store = InMemoryFeedStore(feed: before, images: ["https://h/kept": [7]])

            let result = run(["save", "--append"], stdin: input, store: store)

            XCTAssertEqual(result.code, 69)
            XCTAssertEqual(result.stdout, record + "\n", "the record alone, no feed")
            XCTAssertEqual(result.stderr, "")
            XCTAssertEqual(store.feed, before)
            XCTAssertEqual(store.images, ["https://h/kept": [7]])
        }
    }

    func test_run_saveOfPagesWithABadLaterPageIsInvalidDataAndSavesNothing() {
        let cases: [(BytesSource, String)] = [
            (.lines(page(item(Fixture.id0, "0")), page(item("not-a-uuid", "1"))), "feed-cache: invalid feed document 2: items[0].id: not a UUID\n"),
            (.lines(page(item(Fixture.id0, "0")), page(item(Fixture.id1, "1")), #"{"items":{}}"#),
             "feed-cache: invalid feed document 3: 'items' must be an array, got an object\n"),
            (BytesSource(page(item(Fixture.id0, "0")) + "\n{\"items\":["), ""),
            (.lines(page(item(Fixture.id0, "0")), Fixture.responseRecord(body: Fixture.feedPayload)), ""),
        ]
        for (offset, (input, message)) in cases.enumerated() {
            let before = uniqueCachedFeed(savedAt: Timestamp.commandTestNow.adding(seconds: -60))
            let store = InMemoryFeedStore(feed: before)

            let result = run(["save"], stdin: input, store: store)

            XCTAssertEqual(result.code, 65, "case \(offset)")
            XCTAssertEqual(errorKinds(result), ["invalid-data"], "case \(offset)")
            XCTAssertEqual(result.stderrLines.count, 1, "case \(offset): \(result.stderr)")
            if !message.isEmpty { XCTAssertEqual(result.stderr, message, "case \(offset)") }
            XCTAssertEqual(store.feed, before, "case \(offset)")
        }
    }

    // MARK: - save --append

    func test_run_saveAppendOnAnEmptyCacheSavesThePage() {
        let store = InMemoryFeedStore()

        let result = run(["save", "--append"], stdin: .lines(page(item(Fixture.id1, "1"))), store: store)

        XCTAssertEqual(result.code, 0, result.stderr)
        XCTAssertEqual(result.io.output.bytes, document(item(Fixture.id1, "1")))
        XCTAssertEqual(store.feed, CachedFeed(document: document(item(Fixture.id1, "1")), timestamp: .commandTestNow))
    }

    func test_run_saveAppendOnAValidCacheKeepsItsItemsFirstTimestampedNowAndWritesTheWholeFeed() {
        let store = InMemoryFeedStore(feed: CachedFeed(document: document(item(Fixture.id0, "0"), item(Fixture.id1Lower, "1")),
                                                       timestamp: .commandTestNow.adding(seconds: -3600)),
                                      images: ["https://h/0": [0]])

        let result = run(["--append", "save"], stdin: .lines(page(item(Fixture.id1, "1-again"), item(Fixture.id2, "2"))), store: store)

        let expected = document(item(Fixture.id0, "0"), item(Fixture.id1Lower, "1"), item(Fixture.id2, "2"))
        XCTAssertEqual(result.code, 0, result.stderr)
        XCTAssertEqual(result.io.output.bytes, expected)
        XCTAssertEqual(store.feed, CachedFeed(document: expected, timestamp: .commandTestNow))
        XCTAssertEqual(store.images, ["https://h/0": [0]], "the cached items' image data stays")
    }

    func test_run_saveAppendOnAnExpiredCacheSavesOnlyThePage() {
        let store = InMemoryFeedStore(feed: CachedFeed(document: document(item(Fixture.id0, "0")), timestamp: .commandTestNow.adding(seconds: -3600)))

        let result = run(["save", "--append", "-q", "--max-age", "1h"], stdin: .lines(page(item(Fixture.id1, "1"))), store: store)

        XCTAssertEqual(result.code, 0, result.stderr)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(store.feed, CachedFeed(document: document(item(Fixture.id1, "1")), timestamp: .commandTestNow))
    }

    func test_run_appendIsForSaveOnly() {
        for arguments in [["load", "--append"], ["validate", "--append"], ["--append", "image", "save"], ["image", "load", "https://h/0", "--append"]] {
            let result = run(arguments, stdin: .lines(page(item(Fixture.id0, "0"))), store: InMemoryFeedStore())

            XCTAssertEqual(result.code, 64, "\(arguments)")
            XCTAssertEqual(result.stderrLines.count, 1, "\(arguments)")
            XCTAssertTrue(result.stderr.contains("takes no --append"), result.stderr)
        }
    }

    // MARK: - --format ids

    func test_run_loadFormatIdsWritesEachIdAsSavedOneALine() {
        let store = InMemoryFeedStore(feed: CachedFeed(document: document(item(Fixture.id0, "0"), item(Fixture.id1Lower, "1")), timestamp: .commandTestNow))

        let result = run(["load", "--format", "ids"], store: store)
        let pretty = run(["load", "--format=ids", "--pretty"], store: store)

        XCTAssertEqual(result.code, 0, result.stderr)
        XCTAssertEqual(result.stdout, "\(Fixture.id0)\n\(Fixture.id1Lower)\n")
        XCTAssertEqual(pretty.stdout, result.stdout, "--pretty does not apply to ids")
    }

    func test_run_loadFormatIdsOfAnEmptyFeedWritesNothing() {
        let store = InMemoryFeedStore(feed: CachedFeed(document: document(), timestamp: .commandTestNow))

        let result = run(["load", "--format", "ids"], store: store)

        XCTAssertEqual(result.code, 0)
        XCTAssertEqual(result.stdout, "")
    }

    func test_run_loadFormatIdsFailsAsLoadDoes_withItsMessageOnStderrAndNoRecordAmongTheIds() {
        let result = run(["load", "--format", "ids"], store: InMemoryFeedStore())

        XCTAssertEqual(result.code, 66)
        XCTAssertEqual(result.stdout, "", "a script reading ids must never get a JSON record")
        XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("no cached feed"), result.stderr)
    }

    func test_run_saveFormatIdsWritesTheIdsOfTheWholeSavedFeed() {
        let store = InMemoryFeedStore(feed: CachedFeed(document: document(item(Fixture.id0, "0")), timestamp: .commandTestNow))

        let result = run(["save", "--append", "--format", "ids"], stdin: .lines(page(item(Fixture.id1Lower, "1"))), store: store)

        XCTAssertEqual(result.code, 0, result.stderr)
        XCTAssertEqual(result.stdout, "\(Fixture.id0)\n\(Fixture.id1Lower)\n")
    }

    func test_run_rejectsAnUnknownFormatNamingTheKnownOnes() {
        let result = run(["load", "--format", "html5"], store: InMemoryFeedStore(), stdoutIsTerminal: true)

        XCTAssertEqual(result.code, 64)
        XCTAssertEqual(result.stderr, "feed-cache: unknown format 'html5' (json, text, jsonl, tsv, ids or html) (see 'feed-cache --help')\n")
    }

    // MARK: - validate without write access

    func test_run_validateOfAValidOrEmptyCacheThatCannotBeWrittenSucceedsAndChangesNothing() {
        let valid = CachedFeed(document: document(item(Fixture.id0, "0")), timestamp: .commandTestNow.adding(seconds: -60))
        for feed in [valid, nil] {
            let store = ReadOnlyStore(feed: feed)

            let result = run(["validate"], store: store)

            XCTAssertEqual(result.code, 0, result.stderr)
            XCTAssertEqual(result.stdout + result.stderr, "")
            XCTAssertEqual(store.calls, ["retrieve"])
        }
    }

    func test_run_validateOfAnExpiredCacheThatCannotBeWrittenIs74() {
        let store = ReadOnlyStore(feed: CachedFeed(document: document(item(Fixture.id0, "0")), timestamp: .commandTestNow.adding(seconds: -7 * 86400)))

        let result = run(["validate"], store: store)

        XCTAssertEqual(result.code, 74)
        XCTAssertEqual(result.stderr, "feed-cache: /cache: cannot delete the cached feed: Read-only file system\n")
        XCTAssertEqual(errorKinds(result), ["deletion"])
        XCTAssertEqual(store.calls, ["retrieve", "delete"])
    }

    // MARK: - Helpers

    private func item(_ id: String, _ image: String) -> String { #"{"id":"\#(id)","url":"https://h/\#(image)"}"# }

    private func page(_ items: String...) -> String { #"{"items":["# + items.joined(separator: ",") + "]}" }

    private func document(_ items: String...) -> [UInt8] {
        Array((#"{"items":["# + items.joined(separator: ",") + "]}\n").utf8)
    }

    private func run(_ arguments: [String], stdin: BytesSource = .terminal, store: FeedStore & FeedImageDataStore,
                     stdoutIsTerminal: Bool = false) -> RunResult {
        let io = makeIO(stdin: stdin, stdoutIsTerminal: stdoutIsTerminal, environment: environment)
        let code = FeedCacheCommand { _, _ in store }.run(arguments, io.standardIO)
        return RunResult(code: code, io: io)
    }

    private func errorKinds(_ result: RunResult, file: StaticString = #filePath, line: UInt = #line) -> [String] {
        jsonValues(result.io.output.bytes, file: file, line: line).compactMap { $0["error"]?["kind"]?.stringValue }
    }
}

/// A cache this process may read but not write: retrieving works, every
/// write (and the writers' lock) fails, as on a read-only file system.
private final class ReadOnlyStore: FeedStore, FeedImageDataStore {
    struct ReadOnly: Error, CustomStringConvertible {
        var description: String { "Read-only file system" }
    }

    private let feed: CachedFeed?
    private(set) var calls: [String] = []

    init(feed: CachedFeed?) { self.feed = feed }

    func retrieve() throws -> CachedFeed? {
        calls.append("retrieve")
        return feed
    }

    func insert(_ feed: CachedFeed, keepingImageDataFor imageURLs: @autoclosure () -> Set<String>) throws {
        calls.append("insert")
        throw ReadOnly()
    }

    func deleteCachedFeed(if isStale: (Result<CachedFeed?, Error>) -> Bool) throws {
        calls.append("delete")
        throw ReadOnly()
    }

    func insert(eachOf batch: [(data: [UInt8], url: String)]) -> [Error?] { batch.map { _ in ReadOnly() } }

    func retrieve(dataForURL url: String) throws -> [UInt8]? { nil }
}
