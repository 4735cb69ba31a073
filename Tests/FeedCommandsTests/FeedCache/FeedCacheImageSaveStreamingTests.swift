import XCTest
import FeedCore
import FeedCommands
import FeedTestSupport

/// `feed-cache image save` reads its records as they come and stores them in
/// batches: one store call for input that is all there, another after each
/// stall of the writer, at 500 records, at 16 MiB, at a second's age; each
/// failure reported in its record's place, in input order.
final class FeedCacheImageSaveStreamingTests: XCTestCase {
    func test_recordsCutIntoTinyReads_areStoredInOneBatch() {
        let store = ImageBatchStoreSpy()
        let records = (0..<5).map { record($0, body: "bytes of \($0) \"quoted\" \\ [{") }

        let result = run(.arriving([.bytes(Array(records.joined().utf8))], chunkSize: 7), store: store)

        XCTAssertEqual(result.code, 0, result.stderr)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(store.batches, [urls(0..<5)])
        XCTAssertEqual(store.images["https://h/image-3"], Array("bytes of 3 \"quoted\" \\ [{".utf8))
    }

    func test_aStallOfTheWriter_storesWhatCameBefore_beforeReadingOn() {
        let store = ImageBatchStoreSpy()
        var storedAtTheStall: [[String]] = []

        let result = run(.arriving([
            .bytes(bytes(record(0) + record(1))), .stall,
            .action { storedAtTheStall = store.batches },
            .bytes(bytes(record(2))), .stall, .bytes(bytes(record(3) + record(4))),
        ]), store: store)

        XCTAssertEqual(result.code, 0, result.stderr)
        XCTAssertEqual(storedAtTheStall, [urls(0..<2)], "stored before the next read")
        XCTAssertEqual(store.batches, [urls(0..<2), urls(2..<3), urls(3..<5)])
    }

    func test_aStallWithNothingHeld_storesNothing() {
        let store = ImageBatchStoreSpy()

        let result = run(.arriving([.stall, .bytes(bytes(record(0))), .stall, .stall, .bytes(bytes(record(1)))]), store: store)

        XCTAssertEqual(result.code, 0, result.stderr)
        XCTAssertEqual(store.batches, [urls(0..<1), urls(1..<2)])
    }

    func test_aBatchClosesAt500Records() {
        let store = ImageBatchStoreSpy()

        let result = run(BytesSource((0..<1_201).map { record($0) }.joined()), store: store)

        XCTAssertEqual(result.code, 0, result.stderr)
        XCTAssertEqual(store.batches.map(\.count), [500, 500, 201])
        XCTAssertEqual(store.batches.flatMap { $0 }, urls(0..<1_201), "in input order")
    }

    func test_aBatchClosesAt16MiB() {
        let store = ImageBatchStoreSpy()
        let body = String(repeating: "x", count: 4 << 20)

        let result = run(BytesSource((0..<9).map { record($0, body: body) }.joined()), store: store)

        XCTAssertEqual(result.code, 0, result.stderr)
        XCTAssertEqual(store.batches.map(\.count), [4, 4, 1])
        XCTAssertEqual(store.images.count, 9)
    }

    func test_aBatchClosesWhenItsFirstRecordIsASecondOld() {
        let store = ImageBatchStoreSpy()
        let clock = TestClock()

        let result = run(.arriving([
            .bytes(bytes(record(0) + record(1))),
            .action { clock.now = clock.now.adding(seconds: 1) },
            .bytes(bytes(record(2) + record(3))),
        ]), store: store, clock: clock)

        XCTAssertEqual(result.code, 0, result.stderr)
        XCTAssertEqual(store.batches, [urls(0..<3), urls(3..<4)])
    }

    // MARK: Failures in the middle

    func test_failuresInTheMiddle_areReportedInTheirPlace_andTheOthersStored() {
        let store = ImageBatchStoreSpy()
        let passed = Fixture.errorRecord(url: "https://h/image-2", kind: "connectivity", message: "reset")

        let result = run(.lines(
            record(0),
            Fixture.responseRecord(url: "https://h/image-1", status: 404, body: "nope"),
            passed,
            record(3),
            Fixture.feedDocument,
            Fixture.responseRecord(url: "relative/image-5", body: "x"),
            record(6)
        ), store: store)

        XCTAssertEqual(result.code, 65, "the first failure's code")
        XCTAssertEqual(store.batches, [["https://h/image-0", "https://h/image-3", "https://h/image-6"]])
        XCTAssertEqual(errors(result), [("https://h/image-1", "invalid-data"), ("https://h/image-2", "connectivity"),
                                        (nil, "invalid-data"), ("relative/image-5", "invalid-data")].map(describe))
        XCTAssertEqual(result.stderrLines.count, 3, result.stderr)
        XCTAssertTrue(result.stderrLines.first?.hasPrefix("feed-cache: https://h/image-1: ") == true, result.stderr)
    }

    func test_aBatchTheStoreCannotFlush_reportsEachOfItsImages_andTheNextBatchIsStored() {
        let store = ImageBatchStoreSpy()
        store.failingBatches = [1]

        let result = run(.arriving([
            .bytes(bytes(record(0))), .stall,
            .bytes(bytes(record(1) + record(2))), .stall,
            .bytes(bytes(record(3))),
        ]), store: store)

        XCTAssertEqual(result.code, 74)
        XCTAssertEqual(store.batches, [urls(0..<1), urls(1..<3), urls(3..<4)])
        XCTAssertEqual(Set(store.images.keys), Set(["https://h/image-0", "https://h/image-3"]))
        XCTAssertEqual(errors(result), [("https://h/image-1", "saving"), ("https://h/image-2", "saving")].map(describe))
        XCTAssertEqual(result.stderrLines, [
            "feed-cache: https://h/image-1: /cache: cannot save the image data: cannot sync /cache/images: Input/output error",
            "feed-cache: https://h/image-2: /cache: cannot save the image data: cannot sync /cache/images: Input/output error",
        ])
    }

    func test_anImageThatDoesNotFit_isReportedInItsPlace_amongTheBadRecords() {
        let store = ImageBatchStoreSpy()
        store.failingURLs = ["https://h/image-1"]

        let result = run(.lines(record(0), record(1), Fixture.responseRecord(url: "https://h/image-2", status: 500, body: "x"), record(3)),
                         store: store)

        XCTAssertEqual(result.code, 74, "the first failure in input order: the image that did not fit")
        XCTAssertEqual(Set(store.images.keys), Set(["https://h/image-0", "https://h/image-3"]))
        XCTAssertEqual(errors(result), [("https://h/image-1", "saving"), ("https://h/image-2", "invalid-data")].map(describe))
        XCTAssertEqual(result.stderrLines.count, 2, result.stderr)
    }

    func test_malformedJSONInTheMiddle_endsTheStream_afterStoringWhatCameBefore() {
        let store = ImageBatchStoreSpy()
        let input = record(0) + record(1) + "{oops\n" + record(2)

        let result = run(BytesSource(Array(input.utf8), chunkSize: 5), store: store)

        XCTAssertEqual(result.code, 65)
        XCTAssertEqual(store.batches, [urls(0..<2)])
        XCTAssertEqual(result.stderrLines, ["feed-cache: malformed input: expected a string key at byte \(bytes(record(0) + record(1)).count + 1)"])
        XCTAssertEqual(errors(result), [(nil, "invalid-data")].map(describe))
    }

    func test_afterMalformedJSON_theRestOfTheInputIsNotRead() {
        let store = ImageBatchStoreSpy()
        var readOn = false

        let result = run(.arriving([.bytes(bytes(record(0) + "[1,}\n")), .action { readOn = true }, .bytes(bytes(record(1)))]), store: store)

        XCTAssertEqual(result.code, 65)
        XCTAssertFalse(readOn, "nothing after malformed JSON can be trusted: it is not read, nor held in memory")
        XCTAssertEqual(store.batches, [urls(0..<1)])
    }

    func test_aReadFailure_storesWhatCameBefore_andEndsWithIt() {
        let store = ImageBatchStoreSpy()

        let result = run(.arriving([.bytes(bytes(record(0) + record(1))), .failure(ToolError(.invalidData, "cannot read standard input: Input/output error"))]),
                         store: store)

        XCTAssertEqual(result.code, 65)
        XCTAssertEqual(store.batches, [urls(0..<2)])
        XCTAssertEqual(result.stderr, "feed-cache: cannot read standard input: Input/output error\n")
    }

    // MARK: The shape of the input

    func test_aLastRecordWithoutItsNewline_andPrettyRecords_areRead() {
        let store = ImageBatchStoreSpy()
        let pretty = String(decoding: JSONWriter(style: .pretty).line(ResponseRecord(url: "https://h/image-1", status: 200, body: [1, 2]).json), as: UTF8.self)

        let result = run(BytesSource(Array((record(0) + "  \r\n\t" + pretty + record(2).dropLast()).utf8), chunkSize: 3), store: store)

        XCTAssertEqual(result.code, 0, result.stderr)
        XCTAssertEqual(store.batches, [urls(0..<3)])
        XCTAssertEqual(store.images["https://h/image-1"], [1, 2])
    }

    /// A prefetch with nothing left to fetch sends nothing: no error, nothing stored, nothing said.
    func test_emptyOrBlankInput_storesNothingAndSaysNothing_andATerminalIsAUsageError() {
        for input in [BytesSource.empty, BytesSource(" \n\t\r\n"), .arriving([.stall, .bytes([0x0A]), .stall])] {
            let store = ImageBatchStoreSpy()
            let result = run(input, store: store)
            XCTAssertEqual(result.code, 0)
            XCTAssertEqual(result.stderr, "")
            XCTAssertEqual(store.batches, [])
        }
        let terminal = run(.terminal, store: ImageBatchStoreSpy())
        XCTAssertEqual(terminal.code, 64)
        XCTAssertEqual(terminal.stderr, "feed-cache: standard input is a terminal: pipe response records into feed-cache (see 'feed-cache --help')\n")
    }

    // MARK: Helpers

    private func run(_ stdin: BytesSource, store: ImageBatchStoreSpy, clock: TestClock = TestClock()) -> RunResult {
        let io = makeIO(stdin: stdin, environment: ["FEED_CACHE_DIR": "/cache"], clock: clock)
        let code = FeedCacheCommand { _, _ in store }.run(["image", "save"], io.standardIO)
        return RunResult(code: code, io: io)
    }

    private func record(_ number: Int, body: String? = nil) -> String {
        Fixture.responseRecord(url: "https://h/image-\(number)", body: body ?? "image \(number)") + "\n"
    }

    private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    private func urls(_ numbers: Range<Int>) -> [String] { numbers.map { "https://h/image-\($0)" } }

    private func errors(_ result: RunResult) -> [String] {
        jsonValues(result.io.output.bytes).map { describe(($0["url"]?.stringValue, $0["error"]?["kind"]?.stringValue ?? "?")) }
    }

    private func describe(_ error: (url: String?, kind: String)) -> String { "\(error.url ?? "-") \(error.kind)" }
}
