import FeedConcurrency
import Foundation
import XCTest
import FeedTestSupport
import FeedCore
import FeedStoreFiles
import FeedPlatform

/// Retrieving from files that are missing, damaged or not files at all.
final class FileSystemFeedStoreRetrieveTests: XCTestCase, FileSystemFeedStoreTesting {

    func test_retrieve_deliversEmptyOnMissingDirectoryWithoutCreatingIt() throws {
        let root = makeCacheTestDirectory()
        let sut = makeSUT(root + "/missing/cache")

        XCTAssertNil(try sut.retrieve())
        XCTAssertEqual(cacheTestTree(root), [], "retrieve must not create the cache directory")
    }

    func test_retrieve_failsOnAGarbageFile() throws {
        for garbage in ["garbage", "not a cache file\n{\"items\":[]}\n", "essential-feed-cache 2 1.000000000 0 cbf29ce484222325\n",
                        "essential-feed-cache 1 yesterday 0 cbf29ce484222325\n", "essential-feed-cache 1 1.000000000 -1 cbf29ce484222325\n",
                        "essential-feed-cache 1 1.000000000 0\n", String(repeating: "x", count: 5_000)] {
            let cache = makeEmptyCacheDirectory()
            cacheTestWrite(Array(garbage.utf8), to: cache + "/feed")

            expectRetrievalError(from: makeSUT(cache), garbage.prefix(60).description)
            XCTAssertEqual(cacheTestRead(cache + "/feed"), Array(garbage.utf8), "retrieve must leave a corrupt file as it is")
        }
    }

    func test_retrieve_failsOnATruncatedFile() throws {
        let cache = makeCachePath()
        try makeSUT(cache).insert(uniqueCachedFeed(savedAt: Timestamp.cacheTestNow), keepingImageDataFor: [])
        let whole = try XCTUnwrap(cacheTestRead(cache + "/feed"))
        let headerLength = try XCTUnwrap(whole.firstIndex(of: 0x0A)) + 1

        for length in [whole.count - 1, whole.count / 2, headerLength + 1, headerLength, headerLength - 1, 10, 1] {
            cacheTestWrite(Array(whole.prefix(length)), to: cache + "/feed")

            expectRetrievalError(from: makeSUT(cache), "truncated to \(length) of \(whole.count) bytes")
        }
    }

    func test_retrieve_failsOnAFileWithBytesAppended() throws {
        let cache = makeCachePath()
        try makeSUT(cache).insert(uniqueCachedFeed(savedAt: Timestamp.cacheTestNow), keepingImageDataFor: [])
        let whole = try XCTUnwrap(cacheTestRead(cache + "/feed"))

        cacheTestWrite(whole + Array("{\"items\":[]}\n".utf8), to: cache + "/feed")

        expectRetrievalError(from: makeSUT(cache))
    }

    func test_retrieve_failsOnAZeroLengthFile() throws {
        let cache = makeEmptyCacheDirectory()
        cacheTestWrite([], to: cache + "/feed")

        expectRetrievalError(from: makeSUT(cache))
    }

    func test_retrieve_failsOnADirectoryInPlaceOfTheFeedFile() throws {
        let cache = makeEmptyCacheDirectory()
        try FileManager.default.createDirectory(atPath: cache + "/feed", withIntermediateDirectories: false)

        expectRetrievalError(from: makeSUT(cache))
    }

    func test_retrieve_failsOnAChecksumMismatch() throws {
        let cache = makeCachePath()
        try makeSUT(cache).insert(uniqueCachedFeed(savedAt: Timestamp.cacheTestNow), keepingImageDataFor: [])
        let whole = try XCTUnwrap(cacheTestRead(cache + "/feed"))
        let bodyStart = try XCTUnwrap(whole.firstIndex(of: 0x0A)) + 1

        for position in [bodyStart, bodyStart + 20, whole.count - 2, whole.count - 1] {
            var tampered = whole
            tampered[position] ^= 0x01
            cacheTestWrite(tampered, to: cache + "/feed")

            expectRetrievalError(from: makeSUT(cache), "byte \(position) flipped")
        }
    }

    // Found by fuzzing (Tests/FeedFuzzingTests/Corpus/cache-file): a header
    // spelt otherwise than insert writes it was read as a saved feed.
    func test_retrieve_failsOnAHeaderNotSpeltAsInsertWritesIt() throws {
        let cache = makeCachePath()
        try makeSUT(cache).insert(uniqueCachedFeed(savedAt: Timestamp.cacheTestNow), keepingImageDataFor: [])
        let whole = try XCTUnwrap(cacheTestRead(cache + "/feed"))
        let newline = try XCTUnwrap(whole.firstIndex(of: 0x0A))
        let fields = String(decoding: whole[..<newline], as: UTF8.self).split(separator: " ").map(String.init)
        XCTAssertEqual(fields.count, 5)
        let respellings = [
            fields.joined(separator: "  "),
            ([fields[0], fields[1], "+" + fields[2]] + fields[3...]).joined(separator: " "),
            (fields[..<3] + ["+" + fields[3], fields[4]]).joined(separator: " "),
            (fields[..<3] + ["0" + fields[3], fields[4]]).joined(separator: " "),
            fields.joined(separator: " ") + " ",
        ]
        for header in respellings {
            cacheTestWrite(Array(header.utf8) + whole[newline...], to: cache + "/feed")

            expectRetrievalError(from: makeSUT(cache), header)
        }
    }

    func test_retrieve_failsWithoutBlockingOnAFIFOInPlaceOfTheFeedFile() throws {
        let cache = makeEmptyCacheDirectory()
        XCTAssertEqual(mkfifo(cache + "/feed", 0o600), 0)
        let sut = makeSUT(cache)

        var failed = false
        let finished = runWithTimeout(seconds: 10) {
            do { _ = try sut.retrieve() } catch { failed = (error as? StoreError)?.kind == .retrieval }
        }

        XCTAssertTrue(finished, "retrieve must not wait for a writer on a FIFO")
        XCTAssertTrue(failed)
    }

    func test_retrieve_failsWhenTheCachePathIsAFile() throws {
        let root = makeCacheTestDirectory()
        cacheTestWrite(Array("a file".utf8), to: root + "/cache")

        expectRetrievalError(from: makeSUT(root + "/cache"))
    }
}
