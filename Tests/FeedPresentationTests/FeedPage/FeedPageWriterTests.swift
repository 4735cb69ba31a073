import XCTest
import FeedCore
import FeedPresentation

/// The feed page as FeedPageWriter streams it: the page's parts, its
/// figures in feed order, and what it holds and sends at once.
final class FeedPageWriterTests: XCTestCase {
    private let savedAt = Timestamp(seconds: 1_763_762_400, nanoseconds: 250_000_000)

    func test_writePage_writesOneSelfContainedHTML5Page() {
        let page = write([FeedPageItem(url: "https://h/a")]).text

        XCTAssertTrue(page.hasPrefix("<!DOCTYPE html>\n<html>\n<head>\n<meta charset=\"utf-8\">\n"), page)
        XCTAssertTrue(page.contains(#"<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; style-src 'unsafe-inline'">"#))
        XCTAssertTrue(page.contains(#"<meta name="viewport" content="width=device-width, initial-scale=1">"#))
        XCTAssertTrue(page.contains("prefers-color-scheme:dark"))
        XCTAssertTrue(page.contains("grid-template-columns:repeat(auto-fill,minmax("))
        XCTAssertTrue(page.hasSuffix("</main>\n</body>\n</html>\n"), page)
        for outside in ["<script", "<link", "@import", "@font-face", "url(", "http-equiv=\"refresh\"", "src=\"http", "href="] {
            XCTAssertFalse(page.contains(outside), "the page refers to something outside it: \(outside)")
        }
    }

    func test_writePage_headsThePageWithTheItemCountAndTheSaveTimeInISO8601() {
        XCTAssertTrue(write([]).text.contains("<h1>0 items</h1>\n<p>Saved <time datetime=\"2025-11-21T22:00:00Z\">2025-11-21T22:00:00Z</time></p>"))
        XCTAssertTrue(write([FeedPageItem(url: "https://h/a")]).text.contains("<title>Feed: 1 item</title>"))
        XCTAssertTrue(write((0..<3).map { FeedPageItem(url: "https://h/\($0)") }).text.contains("<h1>3 items</h1>"))
    }

    func test_writePage_writesAFigurePerItem_inFeedOrder_eachWithItsCaption() {
        let items = [
            FeedPageItem(url: "https://h/0", description: "first", location: "here"),
            FeedPageItem(url: "https://h/1"),
            FeedPageItem(url: "https://h/2", description: "third", author: "an author", likes: "7"),
        ]
        let figures = write(items).text.components(separatedBy: "<figure>").dropFirst()

        XCTAssertEqual(figures.count, 3)
        XCTAssertEqual(figures.map { $0.contains("</figure>") }, [true, true, true])
        XCTAssertTrue(figures[1].contains(#"<figcaption><p class="description" dir="auto">first</p><p class="location" dir="auto">here</p></figcaption>"#))
        XCTAssertFalse(figures[2].contains("<figcaption>"), "an item with no text has no caption")
        XCTAssertTrue(figures[3].contains(#"<p class="author" dir="auto">an author</p><p class="description" dir="auto">third</p><p class="likes" dir="auto">7 likes</p>"#))
    }

    func test_writePage_embedsAnImageAsADataURIOfItsType_andAPlaceholderNamesTheURL() {
        let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 1, 2, 3]
        let items = [FeedPageItem(url: "https://h/jpeg", description: "a jpeg"), FeedPageItem(url: "https://h/none")]
        let page = write(items, images: ["https://h/jpeg": .embedded(.jpeg, jpeg)]).text

        XCTAssertTrue(page.contains(#"<img class="image" dir="auto" alt="a jpeg" src="data:image/jpeg;base64,\#(Base64.encode(jpeg))">"#), page)
        XCTAssertTrue(page.contains(#"<span class="why">not cached</span><span class="url">https://h/none</span>"#), page)
        XCTAssertEqual(page.components(separatedBy: "<img").count - 1, 1, "a placeholder is no <img>")
    }

    func test_writePage_escapesEveryFeedText_inContentAndAttributes() {
        let hostile = #"</figure><script>alert(1)</script>"><img src=x onerror=alert('1')>"#
        let escaped = #"&lt;/figure&gt;&lt;script&gt;alert(1)&lt;/script&gt;&quot;&gt;&lt;img src=x onerror=alert(&#39;1&#39;)&gt;"#
        let items = [
            FeedPageItem(url: "https://h/a", description: hostile, location: hostile, author: hostile, likes: "1"),
            FeedPageItem(url: "https://h/\(hostile)", location: hostile),
        ]
        let page = write(items, images: ["https://h/a": .embedded(.png, [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])]).text

        XCTAssertFalse(page.contains("<script"), page)
        XCTAssertFalse(page.contains("<img src"), page)
        XCTAssertFalse(page.contains("alert('"), page)
        XCTAssertEqual(page.components(separatedBy: "</figure>").count - 1, 2)
        XCTAssertTrue(page.contains(#"alt="\#(escaped)""#), "alt")
        XCTAssertTrue(page.contains(#"aria-label="No image (not cached): https://h/\#(escaped)""#), "aria-label")
        XCTAssertTrue(page.contains(#"<span class="url">https://h/\#(escaped)</span>"#), "placeholder text")
        XCTAssertEqual(page.components(separatedBy: escaped).count - 1, 7, "alt, 3 caption lines, aria-label, URL, location")
    }
}

extension FeedPageWriterTests {
    /// The page `writePage` streams, and the size of each send.
    func write(_ items: [FeedPageItem], images: [String: FeedPageImage] = [:]) -> (text: String, sends: [Int]) {
        let collected = Collected()
        var writer = FeedPageWriter<Never> { bytes in
            collected.bytes += bytes
            collected.sends.append(bytes.count)
        }
        writer.writePage(items, savedAt: savedAt) { images[$0.url] ?? .placeholder(.notCached) }
        return (String(decoding: collected.bytes, as: UTF8.self), collected.sends)
    }

    final class Collected {
        var bytes: [UInt8] = []
        var sends: [Int] = []
    }
}
