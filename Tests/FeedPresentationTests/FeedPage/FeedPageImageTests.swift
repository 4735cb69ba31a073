import XCTest
import FeedCore
import FeedPresentation

/// What stands at the top of a figure, for what the cache gave.
final class FeedPageImageTests: XCTestCase {
    func test_init_embedsCachedImageData_withTheSniffedType() {
        let gif = Array("GIF89a".utf8) + [1, 0, 1, 0]

        XCTAssertEqual(FeedPageImage(cached: gif), .embedded(.gif, gif))
    }

    func test_init_isAPlaceholder_whenNothingIsCached_orWhatIsCachedIsNoImage() {
        XCTAssertEqual(FeedPageImage(cached: nil), .placeholder(.notCached))
        XCTAssertEqual(FeedPageImage(cached: Array("<svg/>".utf8)), .placeholder(.notAnImage))
        XCTAssertEqual(FeedPageImage(cached: []), .placeholder(.notAnImage))
    }
}
