import XCTest
import FeedTestSupport
import FeedCore
import FeedStoreFiles

/// A feed keeps the images of its URLs when it replaces the cached one. Two
/// URLs that differ only in Unicode normalisation are one member of a
/// `Set<String>`, yet each has an image file of its own: both are kept.
final class FileSystemFeedStoreImageKeepNormalisationTests: XCTestCase, FileSystemFeedStoreTesting {
    func test_insert_keepsTheImagesOfBothSpellingsOfAURL_thatDifferOnlyInNormalisation() throws {
        let sut = makeSUT(makeCacheTestDirectory() + "/cache")
        let composed = "https://h/caf\u{E9}", decomposed = "https://h/cafe\u{301}"
        XCTAssertEqual(composed, decomposed, "equal as Strings")
        XCTAssertNotEqual(Array(composed.utf8), Array(decomposed.utf8), "not as bytes")
        try sut.insert(Array("composed".utf8), for: composed)
        try sut.insert(Array("decomposed".utf8), for: decomposed)

        try sut.insert(uniqueCachedFeed(savedAt: Timestamp.cacheTestNow), keepingImageDataFor: [composed, decomposed])

        XCTAssertEqual(try sut.retrieve(dataForURL: composed), Array("composed".utf8))
        XCTAssertEqual(try sut.retrieve(dataForURL: decomposed), Array("decomposed".utf8))
    }
}
