import XCTest
import FeedCore
import FeedPresentation

/// The page is a stream: it is sent in bounded chunks while the figures are
/// made, each image asked for only when its figure is written and encoded a
/// chunk at a time; a send that fails ends it at once.
final class FeedPageStreamingTests: XCTestCase {
    private let chunk = 64 * 1024

    func test_writePage_sendsBoundedChunks_whileItsFiguresAreMade() {
        let image = pngBytes(count: 100_000)
        let items = (0..<20).map { FeedPageItem(url: "https://h/\($0)") }
        var sends: [Int] = []
        var sentBeforeEachImage: [Int] = []
        var writer = FeedPageWriter<Never> { sends.append($0.count) }

        writer.writePage(items, savedAt: Timestamp(seconds: 0)) { _ in
            sentBeforeEachImage.append(sends.reduce(0, +))
            return .embedded(.png, image)
        }

        XCTAssertEqual(sentBeforeEachImage.count, 20, "each image asked for once")
        XCTAssertGreaterThan(sentBeforeEachImage.last ?? 0, 19 * 100_000, "the page went out as it was made, not at its end")
        XCTAssertLessThan(sends.max() ?? 0, 2 * chunk, "a send is at most about two chunks")
        XCTAssertGreaterThan(sends.count, 20 * 100_000 * 4 / 3 / (2 * chunk))
    }

    func test_writePage_encodesAnImageInChunks_thatJoinIntoItsWholeBase64() {
        for count in [0, 1, 2, 3, chunk / 4 * 3 - 1, chunk / 4 * 3, chunk / 4 * 3 + 1, 300_001] {
            let image = pngBytes(count: count)
            var bytes: [UInt8] = []
            var writer = FeedPageWriter<Never> { bytes += $0 }

            writer.writePage([FeedPageItem(url: "https://h/a")], savedAt: Timestamp(seconds: 0)) { _ in .embedded(.png, image) }

            let page = String(decoding: bytes, as: UTF8.self)
            XCTAssertTrue(page.contains("src=\"data:image/png;base64,\(Base64.encode(image))\""), "\(count) bytes")
        }
    }

    func test_writePage_stopsAtASendThatFails_askingForNoMoreImages() {
        struct Closed: Error, Equatable {}
        var asked = 0
        var sends = 0
        var writer = FeedPageWriter<Closed> { _ throws(Closed) in
            sends += 1
            if sends == 2 { throw Closed() }
        }

        XCTAssertThrowsError(try writer.writePage((0..<50).map { FeedPageItem(url: "https://h/\($0)") }, savedAt: Timestamp(seconds: 0)) { _ in
            asked += 1
            return .embedded(.png, self.pngBytes(count: 50_000))
        }) { error in
            XCTAssertEqual(error as? Closed, Closed())
        }
        XCTAssertEqual(sends, 2)
        XCTAssertLessThan(asked, 10)
    }

    /// `count` bytes that start as a PNG does (only the page's sniffing looks at them).
    private func pngBytes(count: Int) -> [UInt8] {
        let magic: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        return (0..<count).map { $0 < magic.count ? magic[$0] : UInt8(truncatingIfNeeded: $0 &* 31) }
    }
}
