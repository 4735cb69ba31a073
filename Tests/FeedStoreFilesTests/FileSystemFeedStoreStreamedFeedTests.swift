import Foundation
import XCTest
import FeedTestSupport
import FeedCore
import FeedStoreFiles
import FeedPlatform

/// A feed written while it is checked (`beginFeed`, then the document given
/// as it grows, then commit or abandon): the file it leaves is the one
/// `insert` writes, whether its stretches went straight to the disk (memory
/// aligned to a block) or through the page cache (memory that is not); the
/// old feed stays until the commit, and an abandoned one leaves no trace.
final class FileSystemFeedStoreStreamedFeedTests: XCTestCase, FileSystemFeedStoreTesting {

    func test_commit_leavesTheFileInsertWrites_fromAlignedAndUnalignedMemory() throws {
        let feed = CachedFeed(document: Self.document, timestamp: Timestamp(seconds: 1_795_176_000, nanoseconds: 7),
                              validators: FeedValidators(url: "https://h/feed", etag: "\"v1\"", lastModified: nil))
        let inserted = makeEmptyCacheDirectory()
        try makeSUT(inserted).insert(feed, keepingImageDataFor: [])

        for shift in [0, 1] {
            let cache = makeEmptyCacheDirectory()
            try makeSUT(cache).insert(uniqueCachedFeed(savedAt: Timestamp.cacheTestNow), keepingImageDataFor: [])
            let sut = makeSUT(cache)
            let stream = try XCTUnwrap(try sut.beginFeed())
            try Self.withMemory(holding: Self.document, shiftedBy: shift) { memory in
                for end in stride(from: 0, to: memory.count, by: 1 << 20) {
                    stream.documentIsFinal(upTo: UnsafeRawBufferPointer(rebasing: memory[..<end]))
                }
                stream.documentEnds(memory)
            }
            try stream.commit(feed, keepingImageDataFor: [])

            XCTAssertTrue(cacheTestRead(cache + "/feed") == cacheTestRead(inserted + "/feed"), "memory shifted by \(shift)")
            XCTAssertEqual(cacheTestTree(cache).filter { $0.hasPrefix(".tmp-") }, [])
        }
    }

    func test_beforeTheCommit_theOldFeedIsRetrieved_andAfterAnAbandonItStays() throws {
        let cache = makeEmptyCacheDirectory()
        let old = uniqueCachedFeed(savedAt: Timestamp.cacheTestNow)
        try makeSUT(cache).insert(old, keepingImageDataFor: [])
        let oldFile = cacheTestRead(cache + "/feed")

        let stream = try XCTUnwrap(try makeSUT(cache).beginFeed())
        try Self.withMemory(holding: Self.document, shiftedBy: 0) { stream.documentEnds($0) }
        XCTAssertEqual(try makeSUT(cache).retrieve(), old)
        stream.abandon()

        XCTAssertTrue(cacheTestRead(cache + "/feed") == oldFile)
        XCTAssertEqual(cacheTestTree(cache).filter { $0.hasPrefix(".tmp-") }, [])
    }

    func test_aDocumentBegunAgain_isStoredAsTheSecondOne() throws {
        let cache = makeEmptyCacheDirectory()
        try makeSUT(cache).insert(uniqueCachedFeed(savedAt: Timestamp.cacheTestNow), keepingImageDataFor: [])
        let stream = try XCTUnwrap(try makeSUT(cache).beginFeed())
        let longer = Array(Self.document.dropLast(2)) + Array(#",{"id":"73A7F70C-75DA-4C2E-B5A3-EED40DC53AA6","url":"https://h/x"}]}"#.utf8)
        let feed = CachedFeed(document: Self.document, timestamp: Timestamp.cacheTestNow)

        try Self.withMemory(holding: longer, shiftedBy: 0) { stream.documentIsFinal(upTo: $0) }
        stream.documentIsVoid()
        try Self.withMemory(holding: Self.document, shiftedBy: 0) { stream.documentEnds($0) }
        try stream.commit(feed, keepingImageDataFor: [])

        XCTAssertEqual(try makeSUT(cache).retrieve(), feed)
    }

    func test_commit_ofAnotherLengthThanWasGiven_failsWithSaving_andLeavesTheOldFeed() throws {
        let cache = makeEmptyCacheDirectory()
        let old = uniqueCachedFeed(savedAt: Timestamp.cacheTestNow)
        try makeSUT(cache).insert(old, keepingImageDataFor: [])
        let stream = try XCTUnwrap(try makeSUT(cache).beginFeed())
        try Self.withMemory(holding: Self.document, shiftedBy: 0) { stream.documentEnds(UnsafeRawBufferPointer(rebasing: $0.dropLast(1))) }

        XCTAssertThrowsError(try stream.commit(CachedFeed(document: Self.document, timestamp: Timestamp.cacheTestNow), keepingImageDataFor: [])) {
            XCTAssertEqual(($0 as? StoreError)?.kind, .saving)
        }
        XCTAssertEqual(try makeSUT(cache).retrieve(), old)
        XCTAssertEqual(cacheTestTree(cache).filter { $0.hasPrefix(".tmp-") }, [])
    }

    func test_commit_whenTheFileFailsToFlush_failsWithSaving_leavesTheOldFeed_andNoTemporaryFile() throws {
        let cache = makeEmptyCacheDirectory()
        let old = uniqueCachedFeed(savedAt: Timestamp.cacheTestNow)
        try makeSUT(cache).insert(old, keepingImageDataFor: [])
        var calls: [FlushCalls.Call] = []
        let sut = FileSystemFeedStore(path: cache, temporaries: UnwatchedTemporaryFiles(),
                                      flushing: .failing(.file, number: 1) { calls.append($0) })
        let stream = try XCTUnwrap(try sut.beginFeed())
        try Self.withMemory(holding: Self.document, shiftedBy: 0) { stream.documentEnds($0) }

        XCTAssertThrowsError(try stream.commit(CachedFeed(document: Self.document, timestamp: Timestamp.cacheTestNow), keepingImageDataFor: [])) {
            XCTAssertEqual(($0 as? StoreError)?.kind, .saving)
        }
        XCTAssertEqual(calls, [.file], "one flush, the file's, never tried again")
        XCTAssertEqual(try makeSUT(cache).retrieve(), old)
        XCTAssertEqual(cacheTestTree(cache).filter { $0.hasPrefix(".tmp-") }, [])
    }

    func test_beginFeed_withNoCacheDirectory_isNil_andMakesNothing() throws {
        let root = makeCacheTestDirectory()

        XCTAssertNil(try makeSUT(root + "/cache").beginFeed())
        XCTAssertEqual(cacheTestTree(root), [])
    }

    // MARK: - Helpers

    /// A document of 3 MB: stretches of it, and a tail that is not a whole block.
    private static let document: [UInt8] = {
        var text = #"{"items":["#
        for index in 0..<20_000 {
            text += (index > 0 ? "," : "") + #"{"id":"2AB2AE66-A4B7-4A16-B374-"# + String(format: "%012X", index)
                + #"","description":"item \#(index) of a document written while it is checked","url":"https://h/\#(index)"}"#
        }
        return Array((text + "]}\n").utf8)
    }()

    /// `bytes` in memory starting `shift` bytes past a page.
    private static func withMemory(holding bytes: [UInt8], shiftedBy shift: Int, _ body: (UnsafeRawBufferPointer) throws -> Void) throws {
        let length = bytes.count + shift + 4096
        let mapping = try MemoryMapping.anonymous(length: length, hugePages: false)
        defer { MemoryMapping.unmap(mapping, length: length) }
        bytes.withUnsafeBytes { (mapping + shift).copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
        try body(UnsafeRawBufferPointer(start: mapping + shift, count: bytes.count))
    }
}
