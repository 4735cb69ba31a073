import FeedCore
import FeedPresentation

/// The feed page (`load --format html`) for any feed document and image
/// data. The page holds only its own markup: every tag is one the page
/// writes, every `&` starts an entity, attribute values hold no `<` or `>`,
/// images come only as `data:` URIs of base64, one figure per item.
enum FeedPageHTMLFuzzing {
    static let name = "feed-page-html"
    private static let expect = FuzzCheck(target: name)
    static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    static func check(_ input: [UInt8]) throws(FuzzFinding) {
        guard let value = try? JSONReader.parseSingle(input), let items = value["items"]?.arrayValue else { return }
        let pageItems = items.compactMap(FeedPageItem.init)
        let sink = PageSink()
        var writer = FeedPageWriter<Never> { bytes in sink.bytes += bytes }
        writer.writePage(pageItems, savedAt: Timestamp(seconds: 1_700_000_000)) { item in
            switch item.url.utf8.count % 3 {
            case 0: return FeedPageImage(cached: nil)
            case 1: return FeedPageImage(cached: Array(item.url.utf8))
            default: return FeedPageImage(cached: png + Array(item.url.utf8))
            }
        }
        try FeedPageMarkupCheck(page: sink.bytes, expect: expect).run()
        let figures = FeedPageMarkupCheck.count(of: Array("<figure>".utf8), in: sink.bytes)
        try expect.require(figures == pageItems.count, "\(figures) figures for \(pageItems.count) items")
        let sources = FeedPageMarkupCheck.count(of: Array(" src=\"".utf8), in: sink.bytes)
        let embedded = FeedPageMarkupCheck.count(of: Array(" src=\"data:image/".utf8), in: sink.bytes)
        try expect.require(sources == embedded, "an image source that is not a data: URI")
    }

    final class PageSink {
        var bytes: [UInt8] = []
    }
}
