import FeedConcurrency
import Foundation
import XCTest
import FeedTestSupport
import FeedCore
import FeedStoreFiles
import FeedPlatform

/// Separate instances over one cache, and concurrent writers and readers.
final class FileSystemFeedStoreConcurrencyTests: XCTestCase, FileSystemFeedStoreTesting {

    func test_storeSideEffects_runSeriallyAcrossInstances() throws {
        let cache = makeCachePath()
        let first = makeSUT(cache)
        let second = makeSUT(cache)
        let feed = uniqueCachedFeed(savedAt: Timestamp.cacheTestNow)

        try first.insert(feed, keepingImageDataFor: ["https://h/1"])
        try first.insert(Array("data".utf8), for: "https://h/1")
        XCTAssertEqual(try second.retrieve(), feed)
        XCTAssertEqual(try second.retrieve(dataForURL: "https://h/1"), Array("data".utf8))

        let latest = uniqueCachedFeed(savedAt: Timestamp.cacheTestNow.adding(seconds: 1))
        try second.insert(latest, keepingImageDataFor: [])
        XCTAssertEqual(try first.retrieve(), latest)
        XCTAssertNil(try first.retrieve(dataForURL: "https://h/1"))

        try second.deleteCachedFeed()
        XCTAssertNil(try first.retrieve())
    }

    func test_concurrentWritersAndReaders_readersSeeOnlyWholeFeedsAndALastWriterWins() throws {
        let cache = makeCachePath()
        let writers = 4, insertsPerWriter = 15
        let feeds = (0..<writers).map { writer in
            (0..<insertsPerWriter).map { index in
                CachedFeed(document: Array(#"{"items":[{"writer":\#(writer),"index":\#(index),"padding":"\#(String(repeating: "p", count: 20_000 * (index % 3)))"}]}"#.utf8) + [0x0A],
                           timestamp: Timestamp(seconds: Int64(writer * 1_000 + index)))
            }
        }
        let written = Set(feeds.flatMap { $0 }.map { $0.timestamp })
        let state = CacheTestConcurrencyState()

        let finishedWriters = (0..<writers).map { writer in
            runInBackground {
                let store = FileSystemFeedStore(path: cache, temporaries: UnwatchedTemporaryFiles())
                for feed in feeds[writer] {
                    do { try store.insert(feed, keepingImageDataFor: []) } catch { state.record("insert: \(error)") }
                }
            }
        }
        let finishedReader = runInBackground {
            let store = FileSystemFeedStore(path: cache, temporaries: UnwatchedTemporaryFiles())
            repeat {
                do {
                    if let feed = try store.retrieve() {
                        let expected = feeds.flatMap { $0 }.first { $0.timestamp == feed.timestamp }
                        if expected != feed { state.record("read a feed that was never written whole: \(feed.timestamp)") }
                    }
                } catch {
                    state.record("retrieve: \(error)")
                }
            } while !state.writersDone
        }

        for finished in finishedWriters {
            XCTAssertEqual(finished.wait(timeout: .now() + 60), .success, "a writer did not finish")
        }
        state.writersDone = true
        XCTAssertEqual(finishedReader.wait(timeout: .now() + 60), .success, "the reader did not finish")

        XCTAssertEqual(state.failures, [])
        let final = try XCTUnwrap(try makeSUT(cache).retrieve())
        XCTAssertTrue(written.contains(final.timestamp))
        XCTAssertTrue(feeds.contains { $0.last == final }, "the last feed of the last writer to finish must win, got \(final.timestamp)")
        XCTAssertEqual(cacheTestTree(cache).filter { $0.contains(".tmp-") }, [])
    }
}
