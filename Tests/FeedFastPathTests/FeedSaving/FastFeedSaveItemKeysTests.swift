import XCTest
import FeedCore
@testable import FeedFastPath
import FeedFuzzing
import FeedTestSupport

/// `FastFeedSave` tells an item's keys apart by their bytes, not by their
/// length: an item whose keys are all different is taken, however many
/// share a length, and stored as the reference stores it; a key given twice
/// is declined (the reference decides which one counts).
final class FastFeedSaveItemKeysTests: XCTestCase, FastFeedSaveTesting {
    func test_differentKeysOfTheSameLength_areTaken_andStoredAsTheReferenceStoresIt() throws {
        // "id", "ab" and "zz" are all two bytes; "url", "loc" and "xyz" three.
        let members = #""ab":1,"zz":"z","loc":"l","xyz":true"#
        let input = Self.document(members: members)
        let (feed, _) = try XCTUnwrap(Self.fast(input), "an item whose keys differ, several of one length, is taken")
        XCTAssertEqual(feed.document.array, FeedSaveFuzzing.reference(input)?.document)
    }

    func test_aKeyGivenTwice_isDeclined() {
        XCTAssertNil(Self.fast(Self.document(members: #""ab":1,"ab":2"#)))
    }

    // MARK: - Helpers

    /// One item of feed-map's shape with `members` between its id and its url.
    private static func document(members: String) -> [UInt8] {
        let id = CompactFeedDocument.id(0)
        return Array(#"{"items":[{"id":"\#(id)",\#(members),"url":"https://i.example/0"}]}"#.utf8) + [0x0A]
    }
}
