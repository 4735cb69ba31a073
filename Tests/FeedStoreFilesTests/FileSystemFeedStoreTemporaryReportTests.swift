import Foundation
import XCTest
import FeedTestSupport
import FeedCore
import FeedStoreFiles

/// The store reports each temporary file to its registry before the file
/// exists and forgets it only once it is gone: at no instant is a temporary
/// file on disk that a cancel course would not remove (a SIGTERM between a
/// create and its report once left one behind).
final class FileSystemFeedStoreTemporaryReportTests: XCTestCase, FileSystemFeedStoreTesting {
    func test_everyTemporaryFile_isReportedBeforeItIsCreated_andForgottenOnlyOnceGone() throws {
        let path = makeCachePath()
        let watcher = WatchingTemporaries(cache: path)
        let sut = FileSystemFeedStore(path: path, temporaries: watcher)

        try sut.insert(uniqueCachedFeed(savedAt: Timestamp.cacheTestNow), keepingImageDataFor: ["https://h/1", "https://h/2"])
        let batch = sut.openBatch()
        for number in 1...3 { batch.add(Array("image \(number)".utf8), for: "https://h/\(number)") }
        XCTAssertEqual(batch.commit().map { $0 == nil }, [true, true, true])
        let stream = try XCTUnwrap(try sut.beginFeed())
        stream.abandon()

        XCTAssertEqual(watcher.faults, [])
        XCTAssertGreaterThanOrEqual(watcher.reported, 5, "the feed, three images and the streamed feed were each reported")
        XCTAssertEqual(watcher.registered, [], "every report forgotten")
        XCTAssertEqual(cacheTestTree(path).filter { $0.contains(".tmp-") }, [])
    }
}

/// A registry that checks, at every report, that each temporary file in the
/// cache (and its images/) is one it was told of, and that a file reported
/// does not exist yet.
private final class WatchingTemporaries: TemporaryFileRegistry {
    private let cache: String
    private(set) var registered: Set<String> = []
    private(set) var faults: [String] = []
    private(set) var reported = 0

    init(cache: String) { self.cache = cache }

    func register(_ path: String) {
        reported += 1
        if FileManager.default.fileExists(atPath: path) { faults.append("on disk before it was reported: \(path)") }
        checkEveryFileIsKnown()
        registered.insert(path)
    }

    func forget(_ path: String) {
        if FileManager.default.fileExists(atPath: path) { faults.append("forgotten while on disk: \(path)") }
        registered.remove(path)
        checkEveryFileIsKnown()
    }

    func publish(_ path: String, by rename: () throws(ToolError) -> Void) throws(ToolError) {
        if !registered.contains(path) { faults.append("published unreported: \(path)") }
        checkEveryFileIsKnown()
        try rename()
        registered.remove(path)
    }

    private func checkEveryFileIsKnown() {
        for folder in [cache, cache + "/images"] {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            for name in names where name.hasPrefix(".tmp-") && !registered.contains(folder + "/" + name) {
                faults.append("on disk and unreported: \(folder)/\(name)")
            }
        }
    }
}
