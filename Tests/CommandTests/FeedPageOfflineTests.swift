import Foundation
import XCTest
import LoopbackHTTP
import FeedTestSupport

/// The page makes no request: a listener on 127.0.0.1 that the feed's URLs
/// (and text made to look like markup) point at hears nothing while
/// Chromium renders the page, though it hears a control page's image at once.
final class FeedPageOfflineTests: XCTestCase {
    func test_page_makesNoRequest_whileChromiumRendersIt_evenWhereTheFeedNamesTheListener() throws {
        let chromium = try HeadlessChromium(self)
        let server = try serve([:])
        let lure = server.url("/lure")
        let items = [
            FeedPageCache.item(url: server.url("/image-0.png"), description: "a cached image"),
            FeedPageCache.item(url: server.url("/image-1.png"), description: #"<img src="\#(lure)/img"><iframe src="\#(lure)/iframe">"#),
            FeedPageCache.item(url: server.url("/image-2.png"), description: #"<link rel="stylesheet" href="\#(lure)/css">"#,
                               location: #"<style>body{background:url(\#(lure)/bg)}</style>"#),
        ]
        let cache = try FeedPageCache(self, items: items,
                                      images: [server.url("/image-0.png"): SolidPNG.make(width: 4, height: 4, .init(red: 1, green: 2, blue: 3))])
        let page = try cache.writePage()

        _ = try chromium.screenshot(of: page, width: 800, height: 600)
        _ = try chromium.dom(of: page)

        XCTAssertFalse(server.waitForRequests(1, timeout: 1), "the page asked for: \(server.requests.map(\.path))")

        let control = cache.directory + "/control.html"
        try #"<!DOCTYPE html><img src="\#(server.url("/control.png"))">"#.write(toFile: control, atomically: true, encoding: .utf8)
        _ = try chromium.dom(of: control)
        XCTAssertTrue(server.waitForRequests(1, timeout: 10), "the listener hears a page that does ask")
        XCTAssertEqual(server.requests.map(\.path), ["/control.png"])
    }

    /// The second wall on its own: markup that escaping would have stopped,
    /// put raw into the page the command wrote, still fetches nothing.
    func test_pagesContentSecurityPolicy_alone_blocksEveryRequestOfMarkupLetIntoThePage() throws {
        let chromium = try HeadlessChromium(self)
        let server = try serve([:])
        let cache = try FeedPageCache(self, items: [FeedPageCache.item(url: "https://h/a")], images: [:])
        let page = try String(contentsOfFile: try cache.writePage(), encoding: .utf8)
        let lure = server.url("/lure")
        let raw = #"<img src="\#(lure)/img"><iframe src="\#(lure)/iframe"></iframe><link rel="stylesheet" href="\#(lure)/css">"#
            + #"<script src="\#(lure)/js"></script><div style="background:url(\#(lure)/bg)">x</div>"#
            + #"<style>@font-face{font-family:f;src:url(\#(lure)/font)}body{font-family:f}</style><object data="\#(lure)/object"></object>"#
        let spliced = cache.directory + "/spliced.html"
        XCTAssertTrue(page.contains("<main>\n"))
        try page.replacingOccurrences(of: "<main>\n", with: "<main>\n" + raw).write(toFile: spliced, atomically: true, encoding: .utf8)

        _ = try chromium.screenshot(of: spliced, width: 800, height: 600)

        XCTAssertFalse(server.waitForRequests(1, timeout: 1), "the page asked for: \(server.requests.map(\.path))")
    }
}
