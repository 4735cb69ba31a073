import XCTest
import FeedCore
import FeedCommands
import FeedTestSupport

/// `feed-cache load --format html` (and `save --format html`) over
/// `InMemoryFeedStore`: the page of the cached feed, its images embedded by
/// their sniffed type or shown as placeholders, every feed text escaped.
final class FeedCacheHTMLCommandTests: XCTestCase {
    func test_load_writesAFigurePerItem_eachCachedImageEmbeddedWithItsSniffedType() {
        let images = [("https://h/png", PageFixture.png), ("https://h/jpeg", PageFixture.jpeg),
                      ("https://h/gif", PageFixture.gif), ("https://h/webp", PageFixture.webp)]
        let store = PageFixture.cached(images.map { PageFixture.item(url: $0.0, description: $0.0) } + [PageFixture.item(url: "https://h/none")],
                           images: Dictionary(uniqueKeysWithValues: images))

        let result = PageFixture.run(["load", "--format", "html"], store: store)

        XCTAssertEqual(result.code, 0, result.stderr)
        XCTAssertEqual(result.stderr, "")
        XCTAssertEqual(PageFixture.figures(result).count, 5)
        for (type, (url, data)) in zip(["png", "jpeg", "gif", "webp"], images) {
            XCTAssertTrue(result.stdout.contains(#"alt="\#(url)" src="data:image/\#(type);base64,\#(Base64.encode(data))""#), type)
        }
        XCTAssertTrue(PageFixture.figures(result)[4].contains(#"<span class="why">not cached</span><span class="url">https://h/none</span>"#))
    }

    func test_load_showsAPlaceholder_forCachedDataThatIsNoImage() {
        let store = PageFixture.cached([PageFixture.item(url: "https://h/text")], images: ["https://h/text": Array("<svg onload=alert(1)>".utf8)])

        let result = PageFixture.run(["load", "--format", "html"], store: store)

        XCTAssertEqual(result.code, 0)
        XCTAssertFalse(result.stdout.contains("<img"))
        XCTAssertFalse(result.stdout.contains("<svg"))
        XCTAssertTrue(result.stdout.contains(#"<span class="why">not an image</span><span class="url">https://h/text</span>"#))
    }

    func test_load_headsThePageWithTheCountAndTheTimeTheFeedWasSaved_notNow() {
        let store = PageFixture.cached([PageFixture.item(url: "https://h/a"), PageFixture.item(url: "https://h/b")],
                           savedAt: Timestamp.commandTestNow.adding(seconds: -86400 - 3600))

        let result = PageFixture.run(["load", "--format", "html"], store: store)

        XCTAssertTrue(result.stdout.contains("<h1>2 items</h1>\n<p>Saved <time datetime=\"2025-11-20T21:00:00Z\">"), result.stdout)
    }

    func test_load_escapesHostileFeedText_soThatItShowsAsText() {
        let hostile = ["<script>alert(1)</script>", #""><img src=x onerror=alert(1)>"#, "</figure><iframe src=https://evil.example>"]
        let store = PageFixture.cached(hostile.map { PageFixture.item(url: "https://h/\($0)", description: $0, location: $0) },
                           images: ["https://h/<script>alert(1)</script>": PageFixture.png])

        let result = PageFixture.run(["load", "--format", "html"], store: store)

        XCTAssertEqual(result.code, 0)
        XCTAssertEqual(PageFixture.figures(result).count, 3)
        for tag in ["<script", "<iframe", "<img src=x", "\" onerror"] {
            XCTAssertFalse(result.stdout.contains(tag), tag)
        }
        XCTAssertTrue(result.stdout.contains(#"alt="&lt;script&gt;alert(1)&lt;/script&gt;""#))
        XCTAssertTrue(result.stdout.contains(#"<p class="description" dir="auto">&quot;&gt;&lt;img src=x onerror=alert(1)&gt;</p>"#))
        XCTAssertTrue(result.stdout.contains(#"<span class="url">https://h/&lt;/figure&gt;&lt;iframe src=https://evil.example&gt;</span>"#))
    }

    func test_load_showsTheSpotsSchemasAuthorAndLikes() {
        let spot = #"{"id":"\#(Fixture.id0)","author":"<b>an author</b>","description":"a spot","likes":3,"url":"https://h/s"}"#

        let result = PageFixture.run(["load", "--format", "html"], store: PageFixture.cached([spot]))

        XCTAssertTrue(result.stdout.contains(#"<p class="author" dir="auto">&lt;b&gt;an author&lt;/b&gt;</p><p class="description" dir="auto">a spot</p><p class="likes" dir="auto">3 likes</p>"#))
    }

    func test_save_writesThePageOfTheFeedJustSaved_savedNow() {
        let store = InMemoryFeedStore(images: ["https://h/a": PageFixture.gif])

        let result = PageFixture.run(["save", "--format", "html"], stdin: .lines(String(decoding: PageFixture.document([PageFixture.item(url: "https://h/a")]).dropLast(), as: UTF8.self)), store: store)

        XCTAssertEqual(result.code, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("<h1>1 item</h1>\n<p>Saved <time datetime=\"2025-11-21T22:00:00Z\">"), result.stdout)
        XCTAssertTrue(result.stdout.contains("src=\"data:image/gif;base64,"))
        XCTAssertNotNil(store.feed)
    }
}
