import Foundation
import XCTest
import FeedTestSupport

/// The page with text as the world writes it, in headless Chromium:
/// right-to-left descriptions, emoji, combining marks and a 10 kB
/// description. The long one is clamped on its card (its row stays the
/// height of its neighbours) and is whole in the page; each text is laid out
/// in its own direction; an image's `alt` is the start of its text.
final class FeedPageRealTextBrowserTests: XCTestCase {
    private let crimson = SolidPNG.Colour(red: 220, green: 20, blue: 60)
    private let green = SolidPNG.Colour(red: 46, green: 139, blue: 87)
    private let blue = SolidPNG.Colour(red: 65, green: 105, blue: 225)
    private let placeholder = SolidPNG.Colour(red: 0xD8, green: 0xD8, blue: 0xDE)

    private static let long = (0..<1200).map { $0 % 3 == 0 ? "שלום" : $0 % 3 == 1 ? "🔥🙂" : "e\u{301}te\u{301}" }.joined(separator: " ")
    private static let hebrew = "מדורה ליד האגם, עם חברים!"

    private func realTextFeed() throws -> FeedPageCache {
        let items = [
            FeedPageCache.item(url: "https://h/0.png", description: Self.long, location: "القدس"),
            FeedPageCache.item(url: "https://h/1.png", description: Self.hebrew, location: "תל אביב"),
            FeedPageCache.item(url: "https://h/2.png", description: "🏕️ camp 👨‍👩‍👧", location: "Zoë"),
            FeedPageCache.item(url: "https://h/3.png", description: "not cached"),
        ]
        XCTAssertGreaterThan(Self.long.utf8.count, 10_000)
        let images = Dictionary(uniqueKeysWithValues: [crimson, green, blue].enumerated().map {
            ("https://h/\($0.offset).png", SolidPNG.make(width: 16, height: 16, $0.element))
        })
        return try FeedPageCache(self, items: items, images: images)
    }

    func test_screenshot_aTenKilobyteDescriptionIsClamped_theNextRowStartsRightUnderTheFirst() throws {
        let chromium = try HeadlessChromium(self)
        let page = try realTextFeed().writePage()

        let shot = try chromium.screenshot(of: page, width: 1100, height: 1400)

        let found = ColourRegion.find([crimson, green, blue, placeholder], in: shot)
        let first = try XCTUnwrap(found[crimson]), second = try XCTUnwrap(found[green])
        XCTAssertEqual(first.minY, second.minY, "one row")
        let box = try XCTUnwrap(found[placeholder], "the fourth card, on the second row, within the screenshot")
        XCTAssertGreaterThan(box.minY, first.maxY)
        // The caption under the first row's images: a few lines, not 4,000 px of text.
        XCTAssertLessThan(box.minY - first.maxY, 320, "the first row's cards stay near their neighbours' height: \(first), \(box)")
    }

    func test_dom_marksEveryTextDirAuto_keepsTheWholeLongText_andGivesAShortAlt() throws {
        let chromium = try HeadlessChromium(self)
        let page = try realTextFeed().writePage()

        XCTAssertFalse(page.contains("lang=\"en\">\n<head>"), "the page's own language is not claimed for the feed's texts")
        let dom = try chromium.dom(of: page)
        let tags = DOMTags(dom)
        for paragraph in tags.named("p") where paragraph.attributes.contains(where: { $0.name == "class" && $0.value != "" }) {
            XCTAssertTrue(paragraph.attributes.contains { $0.name == "dir" && $0.value == "auto" }, "\(paragraph)")
        }
        XCTAssertEqual(tags.named("details").count, 1, "only the long description is clamped")
        XCTAssertTrue(dom.contains(Self.long), "the whole 10 kB description is in the page")
        for image in tags.named("img") {
            let alt = try XCTUnwrap(image.attributes.first { $0.name == "alt" }?.value)
            XCTAssertLessThanOrEqual(alt.count, 201, "a short alt: \(alt.count) characters")
        }
        let firstAlt = try XCTUnwrap(tags.named("img").first?.attributes.first { $0.name == "alt" }?.value)
        XCTAssertTrue(firstAlt.hasSuffix("…"), firstAlt)
        XCTAssertTrue(Self.long.hasPrefix(String(firstAlt.dropLast())), "the first words, cut between characters: \(firstAlt)")
    }
}
