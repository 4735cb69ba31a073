import Foundation
import XCTest
import LoopbackHTTP
import FeedTestSupport

/// `feed-cache load --format html` in a real browser: the page the built
/// command writes, opened from a file by headless Chromium (Debian's
/// `chromium`), as a person would open it offline.
final class FeedPageBrowserTests: XCTestCase {
    private let crimson = SolidPNG.Colour(red: 220, green: 20, blue: 60)
    private let green = SolidPNG.Colour(red: 46, green: 139, blue: 87)
    private let blue = SolidPNG.Colour(red: 65, green: 105, blue: 225)
    /// The page's placeholder box in the light scheme, and its background in the dark one.
    private let placeholder = SolidPNG.Colour(red: 0xD8, green: 0xD8, blue: 0xDE)
    private let darkPage = SolidPNG.Colour(red: 0, green: 0, blue: 0)

    func test_screenshot_showsEachCachedImagesColour_inFeedOrder_andAPlaceholderBoxForAnUncachedOne() throws {
        let chromium = try HeadlessChromium(self)
        let page = try colourFeed().writePage()

        let shot = try chromium.screenshot(of: page, width: 1100, height: 900)

        let found = ColourRegion.find([crimson, green, blue, placeholder], in: shot)
        for colour in [crimson, green, blue] {
            let region = try XCTUnwrap(found[colour])
            XCTAssertGreaterThan(region.pixels, 250 * 250, "\(colour): \(region)")
            // The card's rounded top corners clip a few pixels of it.
            XCTAssertGreaterThan(Double(region.pixels), 0.99 * Double(region.width * region.height), "\(colour) is one solid block: \(region)")
        }
        let (first, second, third, box) = (found[crimson] ?? ColourRegion(), found[green] ?? ColourRegion(),
                                           found[blue] ?? ColourRegion(), found[placeholder] ?? ColourRegion())
        XCTAssertTrue(first.maxX < second.minX && second.maxX < third.minX, "feed order, left to right: \(first), \(second), \(third)")
        XCTAssertEqual(first.minY, third.minY, "one row")
        XCTAssertGreaterThan(box.pixels, 200 * 200, "the uncached item's placeholder box: \(box)")
        XCTAssertGreaterThan(box.minY, first.maxY, "the fourth item, on the next row: \(box)")
        XCTAssertEqual(box.minX, first.minX, accuracy: 2, "under the first: \(box)")
    }

    func test_screenshot_onAPhoneInDarkMode_showsOneColumnOnTheDarkPage() throws {
        let chromium = try HeadlessChromium(self)
        let page = try colourFeed().writePage()

        let shot = try chromium.screenshot(of: page, width: 390, height: 844, dark: true)

        XCTAssertEqual(shot.pixel(x: 2, y: shot.height / 2), darkPage, "the page's background in the dark scheme")
        let found = ColourRegion.find([crimson, green], in: shot)
        let (first, second) = (found[crimson] ?? ColourRegion(), found[green] ?? ColourRegion())
        XCTAssertGreaterThan(first.width, 390 - 2 * 24, "the first image fills the phone's width: \(first)")
        XCTAssertGreaterThan(second.minY, first.maxY, "the second under it: \(second)")
    }

    func test_dom_hasAFigurePerItem_anImageOfDataPerCachedImage_andNoScriptOrEventHandler_forHostileText() throws {
        let chromium = try HeadlessChromium(self)
        let hostile = ["<script>alert(1)</script>", #""><img src=x onerror=alert(1)>"#, "</figure><iframe src=https://example.invalid/>"]
        var items = hostile.enumerated().map { FeedPageCache.item(url: "https://h/\($0.offset)", description: $0.element,
                                                                  location: "' onmouseover='alert(1)") }
        items.append(FeedPageCache.item(url: #"https://h/"><script>alert(2)</script>"#, description: hostile[1]))
        let images = Dictionary(uniqueKeysWithValues: [crimson, green, blue].enumerated().map {
            ("https://h/\($0.offset)", SolidPNG.make(width: 8, height: 8, $0.element))
        })
        let page = try FeedPageCache(self, items: items, images: images).writePage()

        let dom = try chromium.dom(of: page)

        let tags = DOMTags(dom)
        XCTAssertEqual(tags.named("figure").count, 4, dom)
        XCTAssertEqual(tags.named("img").count, 3, "one per cached image, none for the uncached one")
        for image in tags.named("img") {
            XCTAssertTrue(image.attributes.contains { $0.name == "src" && $0.value.hasPrefix("data:image/png;base64,") }, "\(image)")
        }
        XCTAssertEqual(tags.named("script").count + tags.named("iframe").count, 0, dom)
        let handlers = tags.tags.flatMap { tag in tag.attributes.filter { $0.name.hasPrefix("on") }.map { "\(tag.name) \($0.name)" } }
        XCTAssertEqual(handlers, [], "no attribute starting with on")
        for text in ["&lt;script&gt;alert(1)&lt;/script&gt;", "\"&gt;&lt;img src=x onerror=alert(1)&gt;",
                     "&lt;/figure&gt;&lt;iframe src=https://example.invalid/&gt;", "' onmouseover='alert(1)"] {
            XCTAssertTrue(dom.contains(text), "shown as text: \(text)")
        }
    }
}

extension FeedPageBrowserTests {
    /// Four items: three cached images of solid colours, then one not cached.
    func colourFeed() throws -> FeedPageCache {
        let colours = [crimson, green, blue]
        let items = (0..<4).map { FeedPageCache.item(url: "https://h/\($0).png", description: "item \($0)", location: "place \($0)") }
        let images = Dictionary(uniqueKeysWithValues: colours.enumerated().map {
            ("https://h/\($0.offset).png", SolidPNG.make(width: 16, height: 16, $0.element))
        })
        return try FeedPageCache(self, items: items, images: images)
    }
}
