import Foundation
import XCTest
import FeedTestSupport

/// The page is written as a stream: the memory of `load --format html` on a
/// 10,000-item feed with 300 cached images of 20 kB is that of `image
/// missing` on it (both read the feed into items; the page holds one image
/// and a chunk, never itself), and it is written at once. (`load --format
/// ids`, the baseline before, now reads no items at all: it streams ids.)
final class FeedPageMemoryTests: XCTestCase {
    func test_pageOfTenThousandItems_isWrittenWithBoundedMemory_inWellUnderTwoSeconds() throws {
        let urls = (0..<10_000).map { "https://images.example/\($0).png" }
        let items = urls.enumerated().map { FeedPageCache.item(url: $0.element, description: "item \($0.offset)", location: "place \($0.offset)") }
        let cached = stride(from: 0, to: 10_000, by: 33).prefix(300).map { index in
            (urls[index], SolidPNG.make(width: 80, height: 80, .init(red: UInt8(index % 256), green: 40, blue: 200)))
        }
        XCTAssertEqual(cached.count, 300)
        XCTAssertEqual(cached[0].1.count, 19_348, "about 20 kB each")
        let cache = try FeedPageCache(self, items: items, images: Dictionary(uniqueKeysWithValues: cached))
        let (page, errors) = (cache.directory + "/feed.html", cache.directory + "/stderr")

        let reading = try PeakMemoryRun.run("feed-cache", ["image", "missing"], environment: cache.environment,
                                          stdout: cache.directory + "/missing", stderr: errors)
        let html = try PeakMemoryRun.run("feed-cache", ["load", "--format", "html"], environment: cache.environment,
                                         stdout: page, stderr: errors)

        XCTAssertEqual(reading.status, 0)
        XCTAssertEqual(html.status, 0, (try? String(contentsOfFile: errors, encoding: .utf8)) ?? "")
        let text = try String(contentsOfFile: page, encoding: .utf8)
        XCTAssertEqual(text.components(separatedBy: "<figure>").count - 1, 10_000)
        XCTAssertEqual(text.components(separatedBy: "src=\"data:image/png;base64,").count - 1, 300)
        let pageSize = text.utf8.count, mebibyte = 1024 * 1024
        print("feed page of 10,000 items: \(pageSize) bytes in \(html.seconds) s; peak memory \(html.peakBytes / 1024) KiB (image missing: \(reading.peakBytes / 1024) KiB)")
        XCTAssertGreaterThan(pageSize, 10 * mebibyte)
        XCTAssertGreaterThan(html.peakBytes, 0, "VmHWM was read")
        XCTAssertLessThan(html.peakBytes, 64 * mebibyte)
        XCTAssertLessThan(html.peakBytes - reading.peakBytes, 4 * mebibyte, "the page (\(pageSize / mebibyte) MiB) is never held whole")
        XCTAssertLessThan(html.seconds, 2, "a debug build; a release build takes about 0.1 s")
    }
}
