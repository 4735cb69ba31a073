import XCTest
import FeedTestSupport

/// Each command that writes the store, run under strace: its calls hold to
/// the rules of a write that survives a power cut (`DurabilityRules`): every
/// file flushed before it is renamed into place, the folder of every rename
/// and removal flushed after it, every folder created made durable by a
/// flush of its parent, all before the command exits 0.
final class SystemCallDurabilityTests: XCTestCase {

    func test_firstSave_intoThreeMissingFolders_flushesEachParent() throws {
        let store = StoreWriting(self, cachePath: "a/b/cache")
        let trace = try store.traced(["save", "-q"], stdin: StoreWriting.newDocument)
        // Three files renamed into place: the feed, the new folder's CACHEDIR.TAG
        // and the refresh's history.
        expectDurable(trace, under: store.root, creating: ["a", "a/b", "a/b/cache"], renaming: 3)
    }

    func test_saveOverAFeed() throws {
        let store = StoreWriting(self)
        try store.arrangeOldFeedWithImages()
        // The new feed keeps one of the three images.
        expectDurable(try store.traced(["save", "-q"], stdin: StoreWriting.newDocument), under: store.root, renaming: 2, removing: 2)
    }

    func test_largeSaveOverAFeed_writtenWhileChecked() throws {
        let store = StoreWriting(self)
        try store.arrangeOldFeedWithImages()
        let trace = try store.traced(["save", "-q"], stdin: StoreWriting.largeDocument)
        expectDurable(trace, under: store.root, renaming: 2, removing: 3)
        let writes = trace.operations.compactMap { operation -> (offset: Int?, count: Int)? in
            guard case .write(let path, let bytes, let offset) = operation, path.hasPrefix(store.cache + "/.tmp-feed-") else { return nil }
            return (offset, bytes.count)
        }
        XCTAssertGreaterThan(writes.count, 3, "the document in stretches, then the validators line and the header")
        XCTAssertEqual(writes.first?.offset, 4096, "the document first, after the room left for the header")
        XCTAssertEqual(writes.last?.offset, 0, "the header last, in front")
        XCTAssertEqual(writes.last?.count, 4096)
    }

    func test_saveAppend() throws {
        let store = StoreWriting(self)
        try store.arrangeOldFeedWithImages()
        expectDurable(try store.traced(["save", "--append", "-q"], stdin: StoreWriting.page), under: store.root, renaming: 2)
    }

    func test_renewalAfterA304() throws {
        let store = StoreWriting(self)
        try store.arrangeOldFeedWithImages()
        expectDurable(try store.traced(["save", "-q"], stdin: StoreWriting.notModified), under: store.root, renaming: 2)
    }

    func test_anErrorRecordReachingSave_writesOnlyTheRefreshHistory_durably() throws {
        let store = StoreWriting(self)
        try store.arrangeOldFeedWithImages()
        let record = #"{"url":"https://h/feed","error":{"kind":"connectivity","message":"refused"}}"# + "\n"
        let trace = try store.traced(["save", "-q"], stdin: record, status: 69)
        expectDurable(trace, under: store.root, renaming: 1)
        let renamed = trace.operations.compactMap { operation -> String? in
            guard case .rename(_, let to) = operation else { return nil }
            return to
        }
        XCTAssertEqual(renamed, [store.cache + "/refresh"])
    }

    func test_firstImageSave_creatingImages() throws {
        let store = StoreWriting(self)
        try store.arrange(["save", "-q"], stdin: StoreWriting.oldDocument)
        let trace = try store.traced(["image", "save"], stdin: StoreWriting.images("new"))
        expectDurable(trace, under: store.root, creating: ["cache/images"], renaming: 3)
    }

    func test_imageSave_intoImages() throws {
        let store = StoreWriting(self)
        try store.arrangeOldFeedWithImages()
        expectDurable(try store.traced(["image", "save"], stdin: StoreWriting.images("new")), under: store.root, renaming: 3)
    }

    func test_validate_deletingAnExpiredFeedAndItsImages() throws {
        let store = StoreWriting(self)
        try store.arrange(["save", "-q"], stdin: StoreWriting.oldDocument, age: "-30d")
        try store.arrange(["image", "save"], stdin: StoreWriting.images("old"))
        let trace = try store.traced(["validate"])
        expectDurable(trace, under: store.root, renaming: 0, removing: 1 + StoreWriting.imageURLs.count)
        XCTAssertNil(cacheTestFileType(store.cache + "/feed"), "the expired feed is deleted")
    }

    /// The rules hold, and the trace shows the work the case is about (so
    /// that a trace that missed it cannot pass).
    private func expectDurable(_ trace: SystemCallTrace, under root: String, creating folders: [String] = [], renaming: Int,
                               removing: Int = 0, file: StaticString = #filePath, line: UInt = #line) {
        let inside = { (path: String) in path.hasPrefix(root + "/") }
        XCTAssertEqual(DurabilityRules.violations(in: trace.operations, under: root), [], file: file, line: line)
        let created = trace.operations.compactMap { operation -> String? in
            guard case .mkdir(let path) = operation, inside(path) else { return nil }
            return String(path.dropFirst(root.count + 1))
        }
        XCTAssertEqual(created, folders, "folders created", file: file, line: line)
        let renamed = trace.operations.filter { if case .rename(_, let to) = $0 { return inside(to) } else { return false } }
        XCTAssertEqual(renamed.count, renaming, "files renamed into place", file: file, line: line)
        let removed = trace.operations.filter { operation in
            guard case .unlink(let path) = operation, inside(path) else { return false }
            return !path.contains("/.tmp-")
        }
        XCTAssertEqual(removed.count, removing, "names removed", file: file, line: line)
    }
}
