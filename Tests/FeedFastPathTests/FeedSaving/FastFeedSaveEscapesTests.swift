import XCTest
import FeedCore
@testable import FeedFastPath
import FeedFuzzing
import FeedTestSupport

/// `FastFeedSave` takes a document whose text holds every escape the JSON
/// writer writes (feed-map's output is such a document), and stores it as
/// the reference stores it; a spelling the writer never uses is declined.
final class FastFeedSaveEscapesTests: XCTestCase, FastFeedSaveTesting {
    func test_everyControlCharacterAsTheWriterEscapesIt_isTaken_andStoredAsTheReferenceStoresIt() throws {
        for byte in UInt8(0)...0x1F {
            var escaped: [UInt8] = []
            JSONWriter.appendString(String(UnicodeScalar(byte)), to: &escaped)
            let input = Self.document(description: escaped)
            let (feed, _) = try XCTUnwrap(Self.fast(input), "the writer's escape of \(byte) is taken: \(String(decoding: escaped, as: UTF8.self))")
            XCTAssertEqual(feed.document.array, FeedSaveFuzzing.reference(input)?.document, "stored as the reference stores it: \(byte)")
        }
    }

    func test_anEscapeTheWriterNeverWrites_isDeclined() {
        for spelling in [#""\u001F""#, #""\u000a""#, #""\/""#, #""\u0041""#] {
            XCTAssertNil(Self.fast(Self.document(description: Array(spelling.utf8))), spelling)
        }
    }

    // MARK: - Helpers

    /// One item of feed-map's shape whose description is the JSON string `description`.
    private static func document(description: [UInt8]) -> [UInt8] {
        let id = CompactFeedDocument.id(0)
        return Array(#"{"items":[{"id":"\#(id)","description":"#.utf8) + description
            + Array(#","url":"https://i.example/0"}]}"#.utf8) + [0x0A]
    }
}
