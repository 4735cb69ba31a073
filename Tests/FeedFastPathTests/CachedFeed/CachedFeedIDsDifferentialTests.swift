import XCTest
import FeedCore
@testable import FeedFastPath

/// `load --format ids` streamed (`CachedFeedIDs`) against the reference
/// reading (`CachedBytes.feedItems`, each item's `id` as a string): on the
/// documents `save` writes it writes the same lines; on anything else it
/// either writes the same lines or declines with nothing written.
final class CachedFeedIDsDifferentialTests: XCTestCase {

    func test_onSavedDocuments_writesWhatTheReferenceWrites_andTakesThemAll() {
        var random = SystemRandomNumberGenerator()
        for count in [0, 1, 2, 7, 100, 3_000] {
            let items: [JSON] = (0..<count).map { index in
                var members: [(key: String, value: JSON)] = [("id", .string(Self.id(index, &random)))]
                if index % 3 != 0 { members.append(("description", .string("caf\u{E9} \"\(index)\"\n\\ \u{1F600}"))) }
                members.append(("url", .string("https://i.example/\(index)")))
                return .object(JSONObject(members))
            }
            let document = JSONWriter().line(FeedDocument(items: items).json)
            let (streamed, written) = Self.streamed(document)
            XCTAssertTrue(streamed, "\(count) items: a saved document must be taken")
            XCTAssertEqual(written, Self.reference(document), "\(count) items")
        }
    }

    func test_onDocumentsOfTinyItems_whoseOffsetsWouldPassATenthOfTheDocument_writesWhatTheReferenceWrites() {
        // Ids of one to three bytes, some escaped: eight bytes of offset an
        // item is more than a tenth of such a document, so the second pass
        // walks the document again instead of keeping the offsets.
        for count in [1, 5, 20_000] {
            let ids = (0..<count).map { index in index % 7 == 0 ? #"é\#(index % 10)"# : String(index % 1_000) }
            let document = Array(("{\"items\":[" + ids.map { "{\"id\":\"\($0)\"}" }.joined(separator: ",") + "]}").utf8)
            let (streamed, written) = Self.streamed(document)
            XCTAssertTrue(streamed, "\(count) tiny items")
            XCTAssertEqual(written, Self.reference(document), "\(count) tiny items")
        }
    }

    func test_writtenInPiecesOfBoundedSize_whateverTheFeedsLength() {
        let items: [JSON] = (0..<20_000).map { index in
            .object(JSONObject([("id", .string("00000000-0000-4000-8000-\(String(100_000_000_000 + index))")), ("url", .string("https://i.example/\(index)"))]))
        }
        let document = JSONWriter().line(FeedDocument(items: items).json)
        var pieces: [Int] = []
        let taken = document.withUnsafeBytes { bytes in
            CachedFeedIDs.write(bytes) { (chunk: UnsafeRawBufferPointer) in pieces.append(chunk.count) } == .written
        }
        XCTAssertTrue(taken)
        XCTAssertGreaterThan(pieces.count, 1)
        XCTAssertLessThanOrEqual(pieces.max() ?? 0, (1 << 16) + 256)
        XCTAssertEqual(pieces.reduce(0, +), 20_000 * 37)
    }

    /// Large documents, checked by two threads (`SplitDocuments`), and one
    /// of ids too many to note.
    func test_onLargeDocuments_checkedByTwoThreads_writesWhatTheReferenceWritesOrDeclines() {
        var variants = SplitDocuments.variants(count: 50_000) { index, extra in
            #"{"id":"00000000-0000-4000-8000-\#(String(100_000_000_000 + index))","description":"caf\u00e9 \#(index)"\#(extra),"url":"https://i.example/\#(index)"}"#
        }
        variants.append(("tiny", (0..<1_000_000).map { #"{"id":"\#($0 % 100)"}"# }, true))
        for (name, items, readable) in variants {
            let document = SplitDocuments.document(items)
            XCTAssertGreaterThan(document.count, 4 << 20, name)
            let (streamed, written) = Self.streamed(document)
            XCTAssertEqual(streamed, readable, name)
            XCTAssertEqual(written, readable ? Self.reference(document) : [], name)
        }
    }

    func test_onDocumentsOffTheSavedShape_writesTheSameOrDeclinesWithNothingWritten() {
        let documents = [
            #"{"items":[{"id":"a","id":"b","url":"u"}]}"#,
            #"{"items":[{"id":1,"url":"u"}]}"#,
            #"{"items":[{"url":"u"}]}"#,
            #"{"items":[3]}"#,
            #"{"items":[{}]}"#,
            #"{"items":[{"\u0069d":"a"}]}"#,
            #"{"items":[{"id":"\u0041\"b"}]}"#,
            #"{"other":1,"items":[{"id":"a"}]}"#,
            #"{"items":[{"id":"a"}],"items":[{"id":"b"}]}"#,
            #"{"items":[{"id":"a"}]} x"#,
            #"{"items":[{"id":"a"}]}"# + "\n\n",
            #"{"items":[{"id":"a","x":[1,{"id":"b"}]}]}"#,
            #"{"items":[{"id":"a"},]}"#,
            #"{"items":[{"id":"a"}"#,
            #"[]"#,
            "",
        ]
        for text in documents {
            let document = Array(text.utf8)
            let (streamed, written) = Self.streamed(document)
            let reference = Self.reference(document)
            if streamed {
                XCTAssertEqual(written, reference, "taken, so it must write the reference's lines: \(text)")
            } else {
                XCTAssertEqual(written, [], "declined after writing: \(text)")
            }
        }
    }

    // MARK: - Helpers

    private static func streamed(_ document: [UInt8]) -> (Bool, [UInt8]?) {
        var written: [UInt8] = []
        let reading = document.withUnsafeBytes { bytes in
            CachedFeedIDs.write(bytes) { (chunk: UnsafeRawBufferPointer) in written += chunk }
        }
        XCTAssertNotEqual(reading, .passesDisagree)
        return (reading == .written, written)
    }

    /// The lines the reference writes, or nil where it fails.
    private static func reference(_ document: [UInt8]) -> [UInt8]? {
        guard let items = try? CachedBytes(document).feedItems() else { return nil }
        var lines: [UInt8] = []
        for item in items {
            guard let id = item[FeedItemField.id.name]?.stringValue else { return nil }
            lines += id.utf8
            lines.append(0x0A)
        }
        return lines
    }

    private static func id(_ index: Int, _ random: inout SystemRandomNumberGenerator) -> String {
        let hex = (0..<32).map { _ in String(Int.random(in: 0..<16, using: &random), radix: 16) }.joined()
        let chars = Array(hex)
        return "\(String(chars[0..<8]))-\(String(chars[8..<12]))-4\(String(chars[13..<16]))-a\(String(chars[17..<20]))-\(String(chars[20..<32]))".uppercased()
    }
}
