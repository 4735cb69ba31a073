import FeedConcurrency
import Foundation
import XCTest
import FeedTestSupport
import FeedCore
import FeedStoreFiles
import FeedPlatform

/// What the `FileSystemFeedStore*Tests` share: the store under test on a
/// temporary directory, and checks of what it leaves on disk.
protocol FileSystemFeedStoreTesting: XCTestCase {}

extension FileSystemFeedStoreTesting {

    func makeSUT(_ path: String, file: StaticString = #filePath, line: UInt = #line) -> FileSystemFeedStore {
        let sut = FileSystemFeedStore(path: path, temporaries: UnwatchedTemporaryFiles())
        trackCacheObjectForLeaks(sut, file: file, line: line)
        return sut
    }

    /// A cache path in a fresh temporary directory; nothing there yet.
    func makeCachePath() -> String {
        makeCacheTestDirectory() + "/cache"
    }

    /// An existing, empty cache directory.
    func makeEmptyCacheDirectory() -> String {
        makeCacheTestDirectory()
    }

    /// An existing cache directory, empty but for its CACHEDIR.TAG: the
    /// cache's own, whatever is put in it next.
    func makeTaggedCacheDirectory() -> String {
        let cache = makeCacheTestDirectory()
        cacheTestWrite(Array("Signature: 8a477f597d28d172789f06886806bc55\n".utf8), to: cache + "/CACHEDIR.TAG")
        return cache
    }

    func expectRetrievalError(from sut: FileSystemFeedStore, _ context: String = "",
                              file: StaticString = #filePath, line: UInt = #line) {
        do {
            let feed = try sut.retrieve()
            XCTFail("Expected a retrieval error (\(context)), got \(String(describing: feed))", file: file, line: line)
        } catch {
            XCTAssertEqual((error as? StoreError)?.kind, .retrieval, "\(context): \(error)", file: file, line: line)
        }
    }

    func isSHA256Hex(_ name: String) -> Bool {
        name.utf8.count == 64 && name.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    func expectPrivatePermissions(underUmask mask: mode_t, file: StaticString = #filePath, line: UInt = #line) throws {
        let root = makeCacheTestDirectory()
        let cache = root + "/parent/cache"

        try withCacheTestUmask(mask) {
            let sut = makeSUT(cache)
            try sut.insert(uniqueCachedFeed(savedAt: Timestamp.cacheTestNow), keepingImageDataFor: ["https://h/1"])
            try sut.insert(Array("data".utf8), for: "https://h/1")
        }

        let tree = cacheTestTree(root)
        XCTAssertEqual(Set(tree), ["parent", "parent/cache", "parent/cache/feed", "parent/cache/.lock", "parent/cache/images", "parent/cache/CACHEDIR.TAG",
                                   "parent/cache/images/" + SHA256.hex(Array("https://h/1".utf8))], file: file, line: line)
        for path in tree {
            let full = root + "/" + path
            let expected: mode_t = cacheTestFileType(full) == S_IFDIR ? 0o700 : 0o600
            XCTAssertEqual(cacheTestPermissions(full), expected,
                           "\(path) is \(String(cacheTestPermissions(full) ?? 0, radix: 8)) under umask \(String(mask, radix: 8))",
                           file: file, line: line)
        }
    }

    /// Runs `body` on another thread; false if it has not returned within `seconds`.
    func runWithTimeout(seconds: Double, _ body: @escaping () -> Void) -> Bool {
        runInBackground(body).wait(timeout: .now() + seconds) == .success
    }

    /// Starts `body` on another thread; the group is left once it has
    /// returned and let go of everything it captured.
    func runInBackground(_ body: @escaping () -> Void) -> DispatchGroup {
        let done = DispatchGroup()
        let job = Job(body)
        done.enter()
        DispatchQueue.global().async {
            job.body?()
            job.body = nil
            done.leave()
        }
        return done
    }
}

/// A body run on another thread, let go of once it has returned.
private final class Job: @unchecked Sendable {
    var body: (() -> Void)?
    init(_ body: @escaping () -> Void) { self.body = body }
}

/// What the cache keeps on disk: every path under it, and the feed file's bytes.
struct DiskState: Equatable {
    let tree: [String]
    let feedBytes: [UInt8]?

    init(_ cache: String) {
        tree = cacheTestTree(cache)
        feedBytes = cacheTestRead(cache + "/feed")
    }
}


/// What the threads of a concurrency test saw.
final class CacheTestConcurrencyState: @unchecked Sendable {
    private let lock = NSLock()
    private var _failures: [String] = []
    private var _writersDone = false

    var failures: [String] { lock.lock(); defer { lock.unlock() }; return _failures }
    var writersDone: Bool {
        get { lock.lock(); defer { lock.unlock() }; return _writersDone }
        set { lock.lock(); _writersDone = newValue; lock.unlock() }
    }

    func record(_ failure: String) {
        lock.lock(); _failures.append(failure); lock.unlock()
    }
}
