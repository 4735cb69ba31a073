import XCTest
import FeedCore
@testable import FeedFastPath

/// `forEachTexts` over many items reads them on a helper thread a batch
/// ahead of the writer: the same texts in the same order at every count
/// around its batches, and a writer that stops partway stops it cleanly.
final class ItemTextsAheadTests: XCTestCase {
    func test_givesEveryItemsTextsInOrder_atCountsAroundTheBatches() throws {
        for count in [4_095, 4_096, 4_097, 5_119, 5_120, 5_121, 9_000] {
            let document = Self.document(count)
            let reference = try CachedBytes(document).feedItems().map(FeedItemTexts.init)
            let texts = document.withUnsafeBytes { bytes -> [FeedItemTexts]? in
                guard let items = CachedFeedItems(bytes) else { return nil }
                var texts: [FeedItemTexts] = []
                XCTAssertTrue(items.forEachTexts { texts.append($0.texts) })
                return texts
            }
            XCTAssertEqual(texts?.count, count)
            XCTAssertTrue(texts == reference, "\(count) items")
        }
    }

    func test_aWriterThatStops_getsItsErrorBack_afterNoMoreItems() throws {
        struct Stopped: Error, Equatable { let at: Int }
        let count = 20_000
        let document = Self.document(count)
        for stopAt in [0, 1, 1_023, 1_024, 5_000, count - 1] {
            for _ in 0..<5 {
                var seen = 0
                let result = document.withUnsafeBytes { bytes -> Result<Void, Stopped>? in
                    guard let items = CachedFeedItems(bytes) else { return nil }
                    return Result { () throws(Stopped) in
                        _ = try items.forEachTexts { (_) throws(Stopped) in
                            if seen == stopAt { throw Stopped(at: seen) }
                            seen += 1
                        }
                    }
                }
                XCTAssertThrowsError(try result?.get()) { XCTAssertEqual($0 as? Stopped, Stopped(at: stopAt)) }
                XCTAssertEqual(seen, stopAt)
            }
        }
    }

    // MARK: - Helpers

    /// Items of both kinds: as `save` stores them, and with an escaped key
    /// (read the reference way), a description with escapes now and then.
    private static func document(_ count: Int) -> [UInt8] {
        let items = (0..<count).map { index -> String in
            let key = index % 97 == 0 ? #""\u0075rl""# : #""url""#
            let description = index % 5 == 0 ? #","description":"caf\u00e9 \"\#(index)\"""# : #","description":"item \#(index)""#
            return #"{"id":"00000000-0000-4000-8000-\#(String(100_000_000_000 + index))"\#(description),\#(key):"https://i.example/\#(index)","likes":\#(index)}"#
        }
        return Array(("{\"items\":[" + items.joined(separator: ",") + "]}\n").utf8)
    }
}
