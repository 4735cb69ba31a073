import Foundation
import XCTest
import FeedCore
import FeedCommands
import FeedPlatform
import FeedStoreFiles
import FeedTestSupport

/// feed-cache on the real file store, on a disk whose flushes fail: each
/// command that writes the store is run once for every flush it makes, that
/// flush failing (EIO, as a disk error). Each time: exit 74 with one line
/// naming the cache (one for each image not saved), no temporary file left, no flush tried after the failed
/// one, and the cache left as it stood when the flush failed (the old state
/// where the failure came before the first rename).
final class FeedCacheFailedFlushCommandTests: XCTestCase, FeedCacheCommandTesting {

    func test_firstSave_intoMissingFolders_failingAnyFlush_keepsNoFeed() {
        expectEachFailedFlush(cachePath: "a/b/cache", arguments: ["save"], stdin: { .lines(Fixture.cacheDocument) },
                              keepingTheOldStateAtLeast: 4)
    }

    func test_saveOverAFeed_failingAnyFlush_keepsTheOldFeedOrTheNewOne() {
        expectEachFailedFlush(arrange: savedFeedWithImages, arguments: ["save"], stdin: { .lines(Fixture.feedDocument) },
                              keepingTheOldStateAtLeast: 1)
    }

    func test_largeSaveOverAFeed_writtenWhileChecked_failingAnyFlush_keepsTheOldFeedOrTheNewOne() {
        let items = (0..<70_000).map { index in
            #"{"id":"2AB2AE66-A4B7-4A16-B374-\#(String(index + 0x1000_0000_0000, radix: 16, uppercase: true))","#
                + #""description":"an item of a feed large enough to be written while it is checked","url":"https://h/image-\#(index)"}"#
        }
        let document = #"{"items":["# + items.joined(separator: ",") + "]}"
        XCTAssertGreaterThan(document.utf8.count, 8 << 20)
        expectEachFailedFlush(arrange: savedFeedWithImages, arguments: ["save", "-q"], stdin: { .lines(document) },
                              keepingTheOldStateAtLeast: 1)
    }

    func test_saveAppend_failingAnyFlush_keepsTheOldFeedOrTheNewOne() {
        let page = #"{"items":[{"id":"\#(Fixture.id1)","url":"https://h/image-1"}]}"#
        expectEachFailedFlush(arrange: savedFeedWithImages, arguments: ["save", "--append"], stdin: { .lines(page) },
                              keepingTheOldStateAtLeast: 1)
    }

    func test_renewalAfterA304_failingAnyFlush_keepsTheOldFeedOrTheRenewedOne() {
        let arrange: (FileSystemFeedStore) -> Void = { store in
            let document = #"{"items":[{"id":"\#(Fixture.id0)","url":"https://h/image-0"}],"validators":{"url":"\#(Fixture.feedURL)","etag":"\"v1\""}}"#
            let saved = self.run(["save"], stdin: .lines(document), store: store,
                                 clock: TestClock(Timestamp.commandTestNow.adding(seconds: -60)))
            XCTAssertEqual(saved.code, 0, saved.stderr)
        }
        let notModified = Fixture.responseRecord(status: 304, headers: [("ETag", "\"v2\"")], body: "")
        expectEachFailedFlush(arrange: arrange, arguments: ["save"], stdin: { .lines(notModified) },
                              keepingTheOldStateAtLeast: 1)
    }

    func test_firstImageSave_creatingImages_failingAnyFlush_keepsNoImage() {
        let arrange: (FileSystemFeedStore) -> Void = { store in
            XCTAssertEqual(self.run(["save"], stdin: .lines(Fixture.cacheDocument), store: store).code, 0)
        }
        expectEachFailedFlush(arrange: arrange, arguments: ["image", "save"], stdin: { self.images("new") },
                              keepingTheOldStateAtLeast: 2)
    }

    func test_imageSave_intoImages_failingAnyFlush_keepsTheOldImagesOrTheNewOnes() {
        expectEachFailedFlush(arrange: savedFeedWithImages, arguments: ["image", "save"], stdin: { self.images("new") },
                              keepingTheOldStateAtLeast: 1)
    }

    func test_validate_deletingAnExpiredFeed_failingAnyFlush_exits74() {
        let arrange: (FileSystemFeedStore) -> Void = { store in
            let longAgo = TestClock(Timestamp.commandTestNow.adding(seconds: -30 * 86_400))
            XCTAssertEqual(self.run(["save"], stdin: .lines(Fixture.cacheDocument), store: store, clock: longAgo).code, 0)
            XCTAssertEqual(self.run(["image", "save"], stdin: self.images("old"), store: store).code, 0)
        }
        expectEachFailedFlush(arrange: arrange, arguments: ["validate"], stdin: { .terminal }, keepingTheOldStateAtLeast: 0)
    }

    // MARK: - Helpers

    private func savedFeedWithImages(_ store: FileSystemFeedStore) {
        XCTAssertEqual(run(["save"], stdin: .lines(Fixture.cacheDocument), store: store,
                           clock: TestClock(Timestamp.commandTestNow.adding(seconds: -60))).code, 0)
        XCTAssertEqual(run(["image", "save"], stdin: images("old"), store: store).code, 0)
    }

    private func images(_ version: String) -> BytesSource {
        .lines(Fixture.responseRecord(url: "https://h/image-0", body: "image 0 \(version)"),
               Fixture.responseRecord(url: "https://h/image-2", body: "image 2 \(version)"))
    }

    /// Runs `arguments` once with every flush working, counting them, then
    /// once for each flush with that one failing, each on a fresh cache set
    /// up by `arrange`. At least `oldStates` of the failures must leave the
    /// cache exactly as it was before the command.
    private func expectEachFailedFlush(cachePath: String = "cache", arrange: (FileSystemFeedStore) -> Void = { _ in },
                                       arguments: [String], stdin: () -> BytesSource, keepingTheOldStateAtLeast oldStates: Int,
                                       file: StaticString = #filePath, line: UInt = #line) {
        var counted: [FlushCalls.Call] = []
        let reference = makeCache(cachePath, arrange)
        let succeeded = run(arguments, stdin: stdin(), store: store(reference, .failing(.file, number: .max) { counted.append($0) }),
                            environment: ["FEED_CACHE_DIR": reference])
        XCTAssertEqual(succeeded.code, 0, "with no failing flush: \(succeeded.stderr)", file: file, line: line)
        XCTAssertFalse(counted.isEmpty, "the command flushes nothing", file: file, line: line)
        var keptOld = 0
        for kind in [FlushCalls.Call.file, .fileSystem] {
            for number in 0..<counted.filter({ $0 == kind }).count {
                let cache = makeCache(cachePath, arrange)
                let before = files(under: cache)
                var calls: [FlushCalls.Call] = []
                var atFailure: [String: [UInt8]]?
                let flushing = FlushCalls.failing(kind, number: number + 1) { call in
                    calls.append(call)
                    if call == kind, calls.filter({ $0 == kind }).count == number + 1 { atFailure = self.files(under: cache) }
                }
                let result = run(arguments, stdin: stdin(), store: store(cache, flushing), environment: ["FEED_CACHE_DIR": cache])
                let context = "\(arguments) with \(kind) flush #\(number + 1) failing"

                XCTAssertEqual(result.code, 74, context, file: file, line: line)
                // One line, or one for each image in an image save, each naming the cache.
                XCTAssertFalse(result.stderrLines.isEmpty, context, file: file, line: line)
                XCTAssertTrue(result.stderrLines.allSatisfy { $0.hasPrefix("feed-cache: ") && $0.contains(cache) },
                              "\(context): \(result.stderr)", file: file, line: line)
                XCTAssertLessThanOrEqual(result.stderrLines.count, arguments.first == "image" ? 2 : 1, result.stderr, file: file, line: line)
                XCTAssertEqual(calls.last, kind, "\(context): flushed again after the failure: \(calls)", file: file, line: line)
                XCTAssertEqual(calls.count(where: { $0 == kind }), number + 1, "\(context): \(calls)", file: file, line: line)
                let after = files(under: cache)
                XCTAssertTrue(after.keys.allSatisfy { !$0.contains(".tmp-") }, "\(context): \(after.keys.sorted())", file: file, line: line)
                XCTAssertEqual(after, atFailure?.filter { !$0.key.contains(".tmp-") }, "\(context): changed after the failure",
                               file: file, line: line)
                if after == before { keptOld += 1 }
            }
        }
        XCTAssertGreaterThanOrEqual(keptOld, oldStates, "failures that left the old state", file: file, line: line)
    }

    private func makeCache(_ cachePath: String, _ arrange: (FileSystemFeedStore) -> Void) -> String {
        let cache = makeCacheTestDirectory() + "/" + cachePath
        arrange(store(cache, .system))
        return cache
    }

    private func store(_ cache: String, _ flushing: FlushCalls) -> FileSystemFeedStore {
        FileSystemFeedStore(path: cache, temporaries: UnwatchedTemporaryFiles(), flushing: flushing)
    }

    /// Every regular file under `root` but the lock, by path, with its bytes.
    private func files(under root: String) -> [String: [UInt8]] {
        var found: [String: [UInt8]] = [:]
        for path in cacheTestTree(root) where cacheTestFileType(root + "/" + path) == S_IFREG && path != ".lock" {
            found[path] = cacheTestRead(root + "/" + path)
        }
        return found
    }
}
