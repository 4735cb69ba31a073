import XCTest
import FeedCore
@testable import FeedFastPath

/// The cached document's readers read it twice: a first pass checks it, a
/// second reads from what the first found. Where the second does not find
/// what the first checked (here: a comma between two items overwritten
/// between the passes, as a file changed in place would be), each reader
/// says so instead of ending early as if the feed were shorter, and the
/// commands fail with `retrieval` (74) and a message.
final class CachedPassesDisagreementTests: XCTestCase {
    func test_forEachTextsAndForEachStored_sayThePassesDisagree_afterTheItemsBeforeTheFault() {
        for count in [50, 5_000] { // 5 000: forEachTexts reads ahead on a second thread
            for noting in [false, true] {
                var document = Self.document(count)
                let fault = Self.commaAfterItem(count / 2, in: document)
                document.withUnsafeMutableBytes { bytes in
                    let raw = UnsafeRawBufferPointer(bytes)
                    guard let items = CachedFeedItems(raw, notingStoredItems: noting) else { return XCTFail("a saved document is taken") }
                    bytes[fault] = 0x20
                    var texts = 0, stored = 0
                    XCTAssertFalse(items.forEachTexts { _ in texts += 1 }, "\(count) items, noting: \(noting)")
                    XCTAssertFalse(items.forEachStored { _ in stored += 1 }, "\(count) items, noting: \(noting)")
                    XCTAssertLessThanOrEqual(texts, count / 2 + 1)
                    XCTAssertEqual(stored, count / 2 + 1)
                }
            }
        }
    }

    func test_theUntouchedDocument_isReadWhole() {
        var document = Self.document(50)
        document.withUnsafeMutableBytes { bytes in
            guard let items = CachedFeedItems(UnsafeRawBufferPointer(bytes), notingStoredItems: true) else { return XCTFail("taken") }
            var texts = 0, stored = 0
            XCTAssertTrue(items.forEachTexts { _ in texts += 1 })
            XCTAssertTrue(items.forEachStored { _ in stored += 1 })
            XCTAssertEqual(texts, 50)
            XCTAssertEqual(stored, 50)
        }
    }

    func test_cachedFeedIDs_saysThePassesDisagree_whenAnIDChangesAfterTheFirstPass() {
        let count = 20_000 // more than one piece of ids, so the fault comes after the first
        var document = Self.document(count)
        let fault = Self.commaAfterItem(count - 2, in: document) + 7 // the last item's id's opening quote
        XCTAssertEqual(document[fault], 0x22)
        var pieces = 0
        let reading = document.withUnsafeMutableBytes { bytes in
            let raw = UnsafeRawBufferPointer(bytes)
            return CachedFeedIDs.write(raw) { (_: UnsafeRawBufferPointer) in
                pieces += 1
                bytes[fault] = 0x20
            }
        }
        XCTAssertEqual(reading, .passesDisagree)
        XCTAssertGreaterThanOrEqual(pieces, 1)
    }

    func test_cachedFeedLines_saysThePassesDisagree_inBothFormats() {
        // The fault is made at the first chunk written (64 KiB: under a
        // thousand lines), far past what tsv's reader can be ahead by then
        // (its ring of four batches of 1,024 items), so it is always met.
        for format in OutputFormat.itemLines {
            let count = 20_000
            var document = Self.document(count)
            let fault = Self.commaAfterItem(15_000, in: document)
            var lines = 0
            let reading = document.withUnsafeMutableBytes { bytes in
                let raw = UnsafeRawBufferPointer(bytes)
                return CachedFeedLines.write(raw, as: format) { (chunk: UnsafeRawBufferPointer) in
                    lines += chunk.filter { $0 == 0x0A }.count
                    bytes[fault] = 0x20 // after the first pass, before the items past the first chunk
                }
            }
            XCTAssertEqual(reading, .passesDisagree, "\(format)")
            XCTAssertLessThan(lines, count, "\(format)")
        }
    }

    func test_theDisagreement_isARetrievalFailure_exit74_withAMessage() {
        let error = CachedPasses.disagreement
        XCTAssertEqual(error.kind, .retrieval)
        XCTAssertEqual(error.kind.exitCode, 74)
        XCTAssertFalse(error.message.isEmpty)
    }

    private static func document(_ count: Int) -> [UInt8] {
        let items = (0..<count).map { index in
            #"{"id":"00000000-0000-4000-8000-\#(String(100_000_000_000 + index))","url":"https://i.example/\#(index)"}"#
        }
        return Array(("{\"items\":[" + items.joined(separator: ",") + "]}\n").utf8)
    }

    /// Where the comma after item `index` (from 0) is.
    private static func commaAfterItem(_ index: Int, in document: [UInt8]) -> Int {
        var seen = -1
        for offset in document.indices where document[offset] == 0x2C && document[offset + 1] == 0x7B {
            seen += 1
            if seen == index { return offset }
        }
        return -1
    }
}
