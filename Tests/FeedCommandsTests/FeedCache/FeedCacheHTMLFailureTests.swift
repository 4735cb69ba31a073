import XCTest
import FeedCore
import FeedCommands
import FeedTestSupport

/// `--format html` by the pipe's rules: a feed that cannot be shown is a
/// failure before the page's first byte (no half page, no error record
/// among its bytes); an image that cannot be read is a placeholder.
final class FeedCacheHTMLFailureTests: XCTestCase {
    func test_load_ofAnExpiredOrMissingFeed_writesNothing_andExits66WithOneMessage() {
        let expired = PageFixture.cached([PageFixture.item(url: "https://h/a")], savedAt: Timestamp.commandTestNow.minusFeedCacheMaxAge())
        for (store, message) in [(expired, "cached feed expired"), (InMemoryFeedStore(), "no cached feed")] {
            let result = PageFixture.run(["load", "--format", "html"], store: store)

            XCTAssertEqual(result.code, 66)
            XCTAssertEqual(result.stdout, "", "no page, and no error record: stdout is not a terminal here")
            XCTAssertEqual(result.stderrLines.count, 1, result.stderr)
            XCTAssertTrue(result.stderr.contains(message), result.stderr)
        }
    }

    func test_load_ofAFeedThatCannotBeShown_isRetrieval_beforeTheFirstByte() {
        let documents = [
            #"{"items":[{"id":"\#(Fixture.id0)","url":"https://h/a"},{"id":"\#(Fixture.id2)"}]}"#,
            #"{"items":[{"id":"\#(Fixture.id0)","url":"https://h/a"},7]}"#,
            #"{"items":[{"id":"\#(Fixture.id0)","url":"https://h/a"},]}"#,
        ]
        for document in documents {
            let store = InMemoryFeedStore(feed: CachedFeed(document: Array((document + "\n").utf8), timestamp: .commandTestNow),
                                          images: ["https://h/a": PageFixture.png])

            let result = PageFixture.run(["load", "--format", "html"], store: store)

            XCTAssertEqual(result.code, 74, document)
            XCTAssertEqual(result.stdout, "", document)
            XCTAssertTrue(result.stderr.contains("cannot read the cached feed"), result.stderr)
        }
    }

    func test_load_showsAnImageThatCannotBeRead_asAPlaceholder_andSucceeds() {
        let base = PageFixture.cached([PageFixture.item(url: "https://h/damaged"), PageFixture.item(url: "https://h/fine")],
                                images: ["https://h/damaged": PageFixture.png, "https://h/fine": PageFixture.png])

        let result = PageFixture.run(["load", "--format", "html"], store: ImageFailingStore(base, unreadable: ["https://h/damaged"]))

        XCTAssertEqual(result.code, 0)
        XCTAssertEqual(result.stderr, "")
        XCTAssertTrue(result.stdout.contains(#"<span class="why">cannot be read</span><span class="url">https://h/damaged</span>"#))
        XCTAssertEqual(result.stdout.components(separatedBy: "src=\"data:image/png;base64,").count - 1, 1)
        XCTAssertTrue(result.stdout.hasSuffix("</html>\n"))
    }

    func test_load_whenStdoutGoesAwayMidPage_stopsSilentlyWithTheOutputClosedCode() {
        let items = (0..<40).map { PageFixture.item(url: "https://h/\($0)") }
        let images = Dictionary(uniqueKeysWithValues: (0..<40).map { ("https://h/\($0)", PageFixture.png + [UInt8](repeating: 7, count: 30_000)) })
        let whole = PageFixture.run(["load", "--format", "html"], store: PageFixture.cached(items, images: images)).io.output.bytes

        let result = PageFixture.run(["load", "--format", "html"], store: PageFixture.cached(items, images: images), stdoutRefusingAfter: 500_000)

        XCTAssertEqual(result.code, ExitCode.ioError)
        XCTAssertEqual(result.stderr, "")
        XCTAssertTrue(whole.starts(with: result.io.output.bytes), "what went out is the page's start, nothing else")
        XCTAssertGreaterThan(result.io.output.writes, 4, "the page went out in chunks")
    }

    func test_save_ofAnErrorRecord_passesItsCodeOn_writingNoRecordAmongThePagesBytes() {
        let store = InMemoryFeedStore()

        let result = PageFixture.run(["save", "--format", "html"],
                               stdin: .lines(Fixture.errorRecord(url: "https://h/v1/feed", kind: "connectivity", message: "refused")),
                               store: store)

        XCTAssertEqual(result.code, 69)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(result.stderr, "")
        XCTAssertNil(store.feed)
    }
}
