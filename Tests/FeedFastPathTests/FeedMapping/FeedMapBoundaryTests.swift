import XCTest
import FeedCore
@testable import FeedFastPath
import FeedFuzzing

/// feed-map's fast path at the edges of its output buffer, which is as large
/// as the payload, at least 64 KiB, rounded up to huge pages: bare payloads
/// of every size one below, at and one past 64 KiB and k huge pages (k = 0,
/// 1, 2), each mapped as the reference maps it or declined untouched (the
/// fuzz target's property, for every schema); the empty and the one-byte
/// input among them.
final class FeedMapBoundaryTests: XCTestCase {
    func test_payloadsOfEverySizeAtTheOutputBuffersEdges_areMappedAsTheReferenceMapsThem() throws {
        let target = try XCTUnwrap(FuzzTarget.named("feed-map"))
        let hugePage = 2 << 20
        var sizes = [(1 << 16) - 1, 1 << 16, (1 << 16) + 1]
        for k in 0...2 { sizes += [k * hugePage - 1, k * hugePage, k * hugePage + 1].filter { $0 >= 0 } }
        for size in sizes {
            let payload = Self.payload(ofExactly: size)
            XCTAssertEqual(payload.count, size)
            if size >= 13 {
                var bytes = payload
                var written = 0
                let end = bytes.withUnsafeMutableBufferPointer { buffer in
                    FastFeedMapper(schema: .images).map(buffer, at: 0) { (chunk: UnsafeRawBufferPointer) in written += chunk.count }
                }
                XCTAssertEqual(end, size, "the fast path maps a payload of \(size) bytes whole")
                XCTAssertGreaterThan(written, 0)
            }
            do {
                try target.check(payload)
            } catch {
                XCTFail("\(error): a payload of \(size) bytes")
            }
        }
    }

    /// A payload of exactly `size` bytes: items of an id and an image, the
    /// last one's description making up the size; below the smallest such,
    /// the first bytes of the empty payload.
    private static func payload(ofExactly size: Int) -> [UInt8] {
        func items(_ count: Int, description: String) -> [UInt8] {
            var text = #"{"items":["#
            for index in 0...count {
                let id = String(index, radix: 16, uppercase: true)
                let uuid = String(repeating: "0", count: max(8 - id.count, 0)) + id + "-AB2A-4E66-B374-51BBAC8DB086"
                let extra = index == count ? #""description":"\#(description)","# : ""
                text += (index > 0 ? "," : "") + #"{"id":"\#(uuid)",\#(extra)"image":"https://i.example/\#(index).jpg"}"#
            }
            return Array((text + "]}").utf8)
        }
        let count = min(size / 4096, 200)
        let bare = items(count, description: "")
        guard size >= bare.count else { return Array(Array(#"{"items":[]}"#.utf8).prefix(size)) }
        return items(count, description: String(repeating: "x", count: size - bare.count))
    }
}
