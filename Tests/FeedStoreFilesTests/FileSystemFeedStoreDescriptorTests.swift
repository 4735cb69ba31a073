import Foundation
import XCTest
import FeedTestSupport
import FeedCore
import FeedStoreFiles
import FeedPlatform

/// What a failed write leaves in the process: a store lives as long as a
/// command (or an app), so a write that fails and is discarded must give back
/// every descriptor it opened, its temporary file's above all.
final class FileSystemFeedStoreDescriptorTests: XCTestCase {
    func test_insert_failingPastTheFileSizeLimit_leavesNoDescriptorOpen() throws {
        let cache = makeCacheTestDirectory() + "/cache"
        let sut = FileSystemFeedStore(path: cache, temporaries: UnwatchedTemporaryFiles())
        trackCacheObjectForLeaks(sut)
        // A first insert opens whatever the store keeps open from one call to the next.
        let old = uniqueCachedFeed(savedAt: Timestamp.cacheTestNow)
        try sut.insert(old, keepingImageDataFor: [])
        let large = CachedFeed(document: Array(#"{"items":[{"padding":"\#(String(repeating: "p", count: 256 * 1024))"}]}"#.utf8) + [0x0A],
                               timestamp: Timestamp.cacheTestNow.adding(nanoseconds: 1))

        let before = openDescriptors()
        let failure = try withFileSizeLimit(4096) {
            Result { try sut.insert(large, keepingImageDataFor: []) }
        }
        let after = openDescriptors()

        XCTAssertThrowsError(try failure.get(), "a write past the file-size limit must fail") { error in
            XCTAssertEqual((error as? StoreError)?.kind, .saving, "\(error)")
        }
        let leaked = after.subtracting(before).sorted().map { "\($0) -> \(descriptorTarget($0))" }
        XCTAssertEqual(after.count, before.count, "descriptors left open by the failed write: \(leaked)")
        XCTAssertEqual(try sut.retrieve(), old, "the old feed stays")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: cache).filter { $0.hasPrefix(".tmp-") }
        XCTAssertEqual(leftovers, [], "no temporary file left behind")
    }

    // MARK: - Helpers

    /// Runs `body` with this process's file-size limit (RLIMIT_FSIZE, what
    /// `ulimit -f` sets) at `bytes`, then puts the limit back. SIGXFSZ is
    /// ignored, so that a write past the limit fails with EFBIG instead of
    /// killing the test process; it stays ignored (it is never raised while
    /// the limit is off).
    private func withFileSizeLimit<T>(_ bytes: rlim_t, _ body: () throws -> T) throws -> T {
        Signals.ignore([SIGXFSZ])
        let resource = __rlimit_resource_t(RLIMIT_FSIZE.rawValue)
        var previous = rlimit()
        _ = try SystemCall.value { getrlimit(resource, &previous) }
        var limited = previous
        limited.rlim_cur = min(bytes, previous.rlim_max)
        _ = try SystemCall.value { setrlimit(resource, &limited) }
        defer { _ = try? SystemCall.value { setrlimit(resource, &previous) } }
        return try body()
    }

    /// The descriptors open in this process now (/proc/self/fd; the one that
    /// lists it, open in both counts, cancels out).
    private func openDescriptors() -> Set<Int32> {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return Set(names.compactMap { Int32($0) })
    }

    /// What descriptor `fd` is open on, for the failure message.
    private func descriptorTarget(_ fd: Int32) -> String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(fd)")) ?? "?"
    }
}
