import XCTest
import FeedCore
import FeedTestSupport
@testable import FeedPresentation

/// One item's figure, from its texts' bytes: what stands for the image, the
/// caption's lines and their order.
final class FeedPageFigureTests: XCTestCase {
    func test_altText_isTheDescription_elseTheLocation_elseTheAuthor_elseNone() {
        XCTAssertEqual(altText(FeedItemTexts(url: "u", description: "d", location: "l", author: "a")), "d")
        XCTAssertEqual(altText(FeedItemTexts(url: "u", location: "l", author: "a")), "l")
        XCTAssertEqual(altText(FeedItemTexts(url: "u", author: "a")), "a")
        XCTAssertNil(altText(FeedItemTexts(url: "u")))
    }

    func test_captionLines_areAuthorDescriptionLocationAndLikes_whereGiven() {
        let spot = FeedItemTexts(url: "u", description: "d", location: "l", author: "a", likes: "1")

        XCTAssertEqual(captionLines(spot).map(\.name), ["author", "description", "location", "likes"])
        XCTAssertEqual(captionLines(spot).map(\.text), ["a", "d", "l", "1 like"])
        XCTAssertEqual(captionLines(FeedItemTexts(url: "u", likes: "0")).map(\.text), ["0 likes"])
        XCTAssertEqual(captionLines(FeedItemTexts(url: "u", likes: "11")).map(\.text), ["11 likes"])
        XCTAssertTrue(captionLines(FeedItemTexts(url: "u")).isEmpty)
    }

    func test_placeholder_namesTheURL_escaped_andTheReason_thenTheCaption() {
        let item = FeedItemTexts(url: "https://h/a?x=1&y=\"2\"", description: "<b>")
        let figure = OutputBytes(capacity: 1)
        item.withBytes { FeedPageFigure.appendPlaceholder($0, .notCached, to: figure) }

        XCTAssertEqual(figure.text, #"<figure><div class="image placeholder" role="img" aria-label="No image (not cached): https://h/a?x=1&amp;y=&quot;2&quot;"><span class="why">not cached</span><span class="url">https://h/a?x=1&amp;y=&quot;2&quot;</span></div><figcaption><p class="description" dir="auto">&lt;b&gt;</p></figcaption></figure>"# + "\n")
    }

    func test_altText_leavesOutEmptyTexts() {
        XCTAssertEqual(altText(FeedItemTexts(url: "u", description: "", location: "l")), "l")
        XCTAssertTrue(captionLines(FeedItemTexts(url: "u", description: "", location: "")).isEmpty)
    }

    func test_alt_ofALongText_isItsFirstWords_atMost200Characters_cutBetweenCharacters_andEscaped() {
        let word = "e\u{301}\u{1F469}\u{200D}\u{1F4BB}<\u{5D0}" // six characters, combining marks, ZWJ, '<'
        let long = Array(repeating: word, count: 2000).joined(separator: " ")
        let alt = shortenedAlt(long)
        XCTAssertTrue(alt.hasSuffix("…"), alt)
        let unescaped = String(alt.dropLast()).replacingOccurrences(of: "&lt;", with: "<")
        XCTAssertLessThanOrEqual(unescaped.count, 200)
        XCTAssertGreaterThan(unescaped.count, 150)
        XCTAssertTrue(long.hasPrefix(unescaped))
        XCTAssertTrue(unescaped.split(separator: " ").allSatisfy { $0 == Substring(word) }, "whole words only: \(unescaped)")
        XCTAssertEqual(shortenedAlt("short <one>"), "short &lt;one&gt;")
        let spaceless = String(repeating: "\u{5D0}", count: 300)
        XCTAssertEqual(shortenedAlt(spaceless), String(repeating: "\u{5D0}", count: 200) + "…")
    }

    func test_longDescription_isClampedInDetails_withTheWholeText_andAShortOneIsAParagraph() {
        let long = String(repeating: "word ", count: 2000)
        let figure = OutputBytes(capacity: 1)
        FeedItemTexts(url: "u", description: long, author: "a").withBytes { FeedPageFigure.appendPlaceholder($0, .notCached, to: figure) }
        XCTAssertTrue(figure.text.contains(#"<details class="description"><summary dir="auto">"# + long + "</summary></details>"), figure.text)
        XCTAssertTrue(figure.text.contains(#"<p class="author" dir="auto">a</p>"#))
    }

    // MARK: - Helpers

    private func shortenedAlt(_ text: String) -> String {
        var text = text
        let bytes = OutputBytes(capacity: 1)
        text.withUTF8 { FeedPageFigure.appendShortened($0, to: bytes) }
        return bytes.text
    }

    private func altText(_ item: FeedItemTexts) -> String? {
        item.withBytes { FeedPageFigure.altText($0).map { String(decoding: $0, as: UTF8.self) } }
    }

    private func captionLines(_ item: FeedItemTexts) -> [(name: String, text: String)] {
        item.withBytes { texts in
            var lines: [(name: String, text: String)] = []
            FeedPageFigure.forEachCaptionLine(texts) { name, text, unit in
                lines.append(("\(name)", String(decoding: text, as: UTF8.self) + "\(unit)"))
            }
            return lines
        }
    }
}
