import FeedConcurrency
import Foundation
import XCTest
import FeedTestSupport
import FeedCore
import FeedStoreFiles

/// Many first writers at once on one new cache: each tags the folder, and
/// none takes another's CACHEDIR.TAG on its way for a dead writer's
/// temporary file (the tag is written under the lock, as every file is).
final class FileSystemFeedStoreFirstWritersTests: XCTestCase, FileSystemFeedStoreTesting {

    func test_manyFirstWritersAtOnce_allSucceed_andLeaveOneTag() throws {
        for round in 0..<20 {
            let cache = makeCachePath()
            let failures = Locked<[String]>([])
            DispatchQueue.concurrentPerform(iterations: 8) { writer in
                let store = FileSystemFeedStore(path: cache, temporaries: UnwatchedTemporaryFiles())
                do {
                    if writer % 2 == 0 {
                        try store.insert(uniqueCachedFeed(savedAt: Timestamp.cacheTestNow), keepingImageDataFor: [])
                    } else {
                        try store.insert(Array("data \(writer)".utf8), for: "https://h/\(writer)")
                    }
                } catch {
                    failures.withLock { $0.append("writer \(writer): \(error)") }
                }
            }
            XCTAssertEqual(failures.withLock { $0 }, [], "round \(round)")
            XCTAssertEqual((cacheTestRead(cache + "/CACHEDIR.TAG") ?? []).prefix(43), ArraySlice(Array("Signature: 8a477f597d28d172789f06886806bc55".utf8)), "round \(round)")
            XCTAssertEqual(cacheTestTree(cache).filter { $0.contains(".tmp-") }, [], "round \(round)")
        }
    }
}
