import FeedConcurrency
import Foundation
import XCTest
import FeedTestSupport
import FeedCore
import FeedStoreFiles
import FeedPlatform

/// The shared image data specs (FeedTestSupport's `FeedImageDataStoreSpecs`)
/// against real directories, and image files: damaged, rewritten, hostile URL names.
final class FileSystemFeedStoreImageDataTests: XCTestCase, FeedImageDataStoreSpecs, FileSystemFeedStoreTesting {

    func test_retrieveImageData_deliversNotFoundOnEmptyCache() throws {
        let root = makeCacheTestDirectory()
        try assertThatRetrieveImageDataDeliversNotFoundOnEmptyCache(on: makeSUT(root + "/cache"))
        XCTAssertEqual(cacheTestTree(root), [], "retrieve must not create the cache directory")

        let cache = makeEmptyCacheDirectory()
        try assertThatRetrieveImageDataDeliversNotFoundOnEmptyCache(on: makeSUT(cache))
        XCTAssertEqual(cacheTestTree(cache), [])
    }

    func test_retrieveImageData_deliversNotFoundForAnotherURL() throws {
        let sut = makeSUT(makeCachePath())

        try assertThatRetrieveImageDataDeliversNotFoundForAnotherURL(on: sut)
    }

    func test_retrieveImageData_deliversStoredDataForURL() throws {
        let sut = makeSUT(makeCachePath())

        let stored = try assertThatRetrieveImageDataDeliversStoredDataForURL(on: sut)

        XCTAssertEqual(try makeSUT(sut.path).retrieve(dataForURL: stored.url), stored.data)
    }

    func test_retrieveImageData_deliversLastInsertedValue() throws {
        let sut = makeSUT(makeCachePath())

        try assertThatRetrieveImageDataDeliversLastInsertedValue(on: sut)
    }

    func test_retrieveImageData_failsOnACorruptImageFile() throws {
        let cache = makeCachePath()
        let sut = makeSUT(cache)
        try sut.insert(Array("image data".utf8), for: "https://h/1")
        let path = cache + "/images/" + SHA256.hex(Array("https://h/1".utf8))
        let whole = try XCTUnwrap(cacheTestRead(path))

        var flipped = whole
        flipped[whole.count - 1] ^= 0x01
        for corrupt in [flipped, Array(whole.dropLast()), [], Array("garbage".utf8)] {
            cacheTestWrite(corrupt, to: path)

            XCTAssertThrowsError(try sut.retrieve(dataForURL: "https://h/1")) { error in
                XCTAssertEqual((error as? StoreError)?.kind, .retrieval, "\(error)")
            }
        }
    }

    func test_retrieveImageData_failsOnAHeaderWithHugeLengths() throws {
        let cache = makeCachePath()
        let sut = makeSUT(cache)
        try sut.insert(Array("image data".utf8), for: "https://h/1")
        let path = cache + "/images/" + SHA256.hex(Array("https://h/1".utf8))
        let body = Array("https://h/1image data".utf8)
        let checksum = CacheChecksum.hex(CacheChecksum.of(body))

        for (keyLength, dataLength) in [(Int.max, 1), (1, Int.max), (Int.max, Int.max), (Int.max - 5, 15)] {
            cacheTestWrite(Array("essential-feed-image 1 \(keyLength) \(dataLength) \(checksum)\n".utf8) + body, to: path)

            XCTAssertThrowsError(try sut.retrieve(dataForURL: "https://h/1"), "lengths \(keyLength) and \(dataLength)") { error in
                XCTAssertEqual((error as? StoreError)?.kind, .retrieval, "\(error)")
            }
        }
    }

    func test_insertImageData_ofTheBytesAlreadyStored_leavesTheFileAsItIs() throws {
        let cache = makeCachePath()
        let sut = makeSUT(cache)
        let data = Array("the same image".utf8)
        try sut.insert(data, for: "https://h/1")
        let path = cache + "/images/" + SHA256.hex(Array("https://h/1".utf8))
        let before = try XCTUnwrap(fileStatus(path))

        try sut.insert(data, for: "https://h/1")

        let after = try XCTUnwrap(fileStatus(path))
        XCTAssertEqual(after.st_ino, before.st_ino, "the same bytes again must not replace the file")
        XCTAssertEqual(try sut.retrieve(dataForURL: "https://h/1"), data)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: cache + "/images").count, 1, "no temporary file left")
    }

    func test_insertImageData_ofTheBytesAlreadyStored_stillReplacesAFileThatIsNotAsAWriteLeavesIt() throws {
        let cache = makeCachePath()
        let sut = makeSUT(cache)
        let data = Array("the same image".utf8)
        let path = cache + "/images/" + SHA256.hex(Array("https://h/1".utf8))
        let loosen: [(String, () -> Void)] = [
            ("mode 0644", { chmod(path, 0o644) }),
            ("a second link", { link(path, cache + "/second-link") }),
            ("a byte changed", {
                var bytes = cacheTestRead(path) ?? []
                bytes[bytes.count - 1] ^= 0x01
                cacheTestWrite(bytes, to: path)
                chmod(path, 0o600)
            }),
        ]
        for (what, change) in loosen {
            try sut.insert(data, for: "https://h/1")
            change()
            let before = try XCTUnwrap(fileStatus(path), what)

            try sut.insert(data, for: "https://h/1")

            let after = try XCTUnwrap(fileStatus(path), what)
            XCTAssertNotEqual(after.st_ino, before.st_ino, "\(what): the file must be written again")
            XCTAssertEqual(after.st_mode & 0o7777, 0o600, what)
            XCTAssertEqual(after.st_nlink, 1, what)
            XCTAssertEqual(try sut.retrieve(dataForURL: "https://h/1"), data, what)
            unlink(cache + "/second-link")
        }
    }

    private func fileStatus(_ path: String) -> stat? {
        var info = stat()
        return lstat(path, &info) == 0 ? info : nil
    }

    func test_retrieveImageData_doesNotDeliverAnotherURLsDataFiledUnderThisURLsName() throws {
        let cache = makeCachePath()
        let sut = makeSUT(cache)
        try sut.insert(Array("data of 1".utf8), for: "https://h/1")
        let images = cache + "/images/"
        try FileManager.default.copyItem(atPath: images + SHA256.hex(Array("https://h/1".utf8)),
                                         toPath: images + SHA256.hex(Array("https://h/2".utf8)))

        XCTAssertNil(try sut.retrieve(dataForURL: "https://h/2"))
    }

    func test_imageKeys_hostileURLsRoundTripAndStayInsideTheImagesDirectory() throws {
        let root = makeCacheTestDirectory()
        let cache = root + "/cache"
        let sut = makeSUT(cache)
        let urls = [
            "..", ".", "/", "", "%2F", "..%2F..%2Fetc%2Fpasswd", "a/../../etc", "../../../../../../etc/passwd",
            "https://h/../../x", "https://h/a%2F..%2F..%2Fb", "https://h/" + String(repeating: "x", count: 5_000),
            "https://h/ünïcødé/☕/🙂", "https://h/e\u{301}", "https://h/é", "https://h/with\nnewline", "https://h/nul\u{0}byte",
            "images", "feed", ".lock", ".tmp-feed-1-2",
        ]

        for (index, url) in urls.enumerated() {
            try sut.insert(Array("data \(index)".utf8), for: url)
        }

        for (index, url) in urls.enumerated() {
            XCTAssertEqual(try sut.retrieve(dataForURL: url), Array("data \(index)".utf8), "URL #\(index)")
            XCTAssertEqual(try makeSUT(cache).retrieve(dataForURL: url), Array("data \(index)".utf8), "URL #\(index), another instance")
        }
        let tree = cacheTestTree(root)
        XCTAssertTrue(tree.allSatisfy { $0 == "cache" || $0.hasPrefix("cache/") }, "\(tree)")
        let imageNames = tree.filter { $0.hasPrefix("cache/images/") }.map { String($0.dropFirst("cache/images/".count)) }
        XCTAssertEqual(imageNames.count, urls.count)
        XCTAssertTrue(imageNames.allSatisfy(isSHA256Hex), "\(imageNames)")
        XCTAssertEqual(Set(tree).subtracting(imageNames.map { "cache/images/" + $0 }), ["cache", "cache/.lock", "cache/images", "cache/CACHEDIR.TAG"])
    }

    func test_imageKeys_hostileURLsInTheKeepSetAreKeptAndOthersDropped() throws {
        let root = makeCacheTestDirectory()
        let sut = makeSUT(root + "/cache")
        let kept = ["..", "a/../../etc", "https://h/☕"]
        let dropped = ["%2F", "https://h/" + String(repeating: "y", count: 5_000)]
        for url in kept + dropped { try sut.insert(Array(url.utf8), for: url) }

        try sut.insert(uniqueCachedFeed(savedAt: Timestamp.cacheTestNow), keepingImageDataFor: Set(kept))

        for url in kept { XCTAssertEqual(try sut.retrieve(dataForURL: url), Array(url.utf8), url) }
        for url in dropped { XCTAssertNil(try sut.retrieve(dataForURL: url), String(url.prefix(20))) }
        XCTAssertTrue(cacheTestTree(root).allSatisfy { $0 == "cache" || $0.hasPrefix("cache/") })
    }
}
