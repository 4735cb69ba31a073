import Foundation
import XCTest
import FeedTestSupport

/// A power cut at any point of each command that writes the store, replayed:
/// from the command's system calls (strace), every state the disk may be
/// left in (`CrashStates`: operations in order up to the cut, a file's data
/// and a folder's names only as of their last flush) is written out to a
/// scratch folder and read with the built `feed-cache`. In each, every file
/// of the cache holds its old bytes or its new ones, `load` gives
/// the old feed or the new one, whole (or, before a first save, no feed), and
/// each image loads whole, old or new, or not at all; in the states after
/// the command exited 0, only the new state.
final class PowerCutReplayTests: XCTestCase {

    func test_firstSave_intoMissingFolders_leavesNoFeedOrTheNewOne() throws {
        try expectEachPowerCutSafe(cachePath: "a/b/cache") { store in
            try store.traced(["save", "-q"], stdin: StoreWriting.newDocument)
        }
    }

    func test_saveOverAFeed_leavesTheOldFeedOrTheNewOne() throws {
        try expectEachPowerCutSafe(arrange: { try $0.arrangeOldFeedWithImages() }) { store in
            try store.traced(["save", "-q"], stdin: StoreWriting.newDocument)
        }
    }

    func test_largeSaveOverAFeed_writtenWhileChecked_leavesTheOldFeedOrTheNewOne() throws {
        try expectEachPowerCutSafe(arrange: { try $0.arrangeOldFeedWithImages() }) { store in
            try store.traced(["save", "-q"], stdin: StoreWriting.largeDocument)
        }
    }

    func test_saveAppend_leavesTheOldFeedOrTheLongerOne() throws {
        try expectEachPowerCutSafe(arrange: { try $0.arrangeOldFeedWithImages() }) { store in
            try store.traced(["save", "--append", "-q"], stdin: StoreWriting.page)
        }
    }

    func test_renewalAfterA304_leavesTheOldFeedOrTheRenewedOne() throws {
        try expectEachPowerCutSafe(arrange: { try $0.arrangeOldFeedWithImages() }) { store in
            try store.traced(["save", "-q"], stdin: StoreWriting.notModified)
        }
    }

    func test_anErrorRecordReachingSave_leavesTheOldHistoryOrTheNewOne_andTheFeedAsItWas() throws {
        // The arranging save wrote a history already: this run replaces it.
        try expectEachPowerCutSafe(arrange: { try $0.arrangeOldFeedWithImages() }) { store in
            try store.traced(["save", "-q"], stdin: #"{"url":"https://h/feed","error":{"kind":"connectivity","message":"refused"}}"# + "\n",
                             status: 69)
        }
    }

    func test_validate_deletingAnExpiredFeed_leavesItOrNone() throws {
        try expectEachPowerCutSafe(arrange: { store in
            try store.arrange(["save", "-q"], stdin: StoreWriting.oldDocument, age: "-30d")
            try store.arrange(["image", "save"], stdin: StoreWriting.images("old"))
        }) { store in
            try store.traced(["validate"])
        }
    }

    func test_imageSave_intoImages_leavesEachImageOldOrNew() throws {
        try expectEachPowerCutSafe(arrange: { try $0.arrangeOldFeedWithImages() }) { store in
            try store.traced(["image", "save"], stdin: StoreWriting.images("new"))
        }
    }

    func test_firstImageSave_leavesEachImageMissingOrNew() throws {
        try expectEachPowerCutSafe(arrange: { try $0.arrange(["save", "-q"], stdin: StoreWriting.oldDocument) }) { store in
            try store.traced(["image", "save"], stdin: StoreWriting.images("new"))
        }
    }

    // MARK: - Helpers

    /// What the cache gives to `load` and to `image load` of each URL: exit
    /// code and output (66 and nothing: not there).
    private struct Reading: Hashable {
        var feed: [Int32: [UInt8]]
        var images: [String: [Int32: [UInt8]]]
    }

    private func expectEachPowerCutSafe(cachePath: String = "cache", arrange: (StoreWriting) throws -> Void = { _ in },
                                        command: (StoreWriting) throws -> SystemCallTrace,
                                        file: StaticString = #filePath, line: UInt = #line) throws {
        let store = StoreWriting(self, cachePath: cachePath)
        try arrange(store)
        let before = FileTree(reading: store.root)
        let trace = try command(store)
        let after = FileTree(reading: store.root)
        let states = CrashStates(before: before, root: store.root, operations: trace.operations)
        XCTAssertGreaterThan(states.states.count, 3, "the trace holds the command's work", file: file, line: line)

        let scratch = makeTemporaryDirectory(self)
        var written = 0
        func reading(_ tree: FileTree) throws -> Reading {
            written += 1
            let root = scratch + "/state-\(written)"
            try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: false)
            try tree.write(under: root)
            return try read(cache: root + "/" + cachePath)
        }
        let old = try reading(before), new = try reading(after)
        XCTAssertNotEqual(before, after, "the command changed the cache", file: file, line: line)

        for state in states.distinct {
            for (path, bytes) in state.files where !path.contains(".tmp-") && !path.hasSuffix(".lock") {
                XCTAssertTrue(bytes == before.files[path] || bytes == after.files[path],
                              "\(path) is neither its old bytes nor its new ones", file: file, line: line)
            }
            let found = try reading(state)
            XCTAssertEqual(found.feed.values.count, 1)
            XCTAssertTrue(found.feed == old.feed || found.feed == new.feed,
                          "load of a state a power cut may leave: \(describe(found.feed)) in \(state.files.keys.sorted())", file: file, line: line)
            for url in StoreWriting.imageURLs {
                let image = found.images[url]
                XCTAssertTrue(image == old.images[url] || image == new.images[url] || image == [66: []],
                              "image load \(url): \(describe(image ?? [:])) in \(state.files.keys.sorted())", file: file, line: line)
            }
        }
        for state in states.afterExit {
            XCTAssertEqual(state.without { $0.hasSuffix(".lock") }, after.without { $0.hasSuffix(".lock") },
                           "after the command exited 0, a power cut leaves its new state only", file: file, line: line)
            XCTAssertEqual(try reading(state), new, file: file, line: line)
        }
    }

    private func read(cache: String) throws -> Reading {
        func run(_ arguments: [String]) throws -> [Int32: [UInt8]] {
            let result = try Command.run("feed-cache", arguments, environment: ["FEED_CACHE_DIR": cache])
            // A failure's record names the scratch folder: its exit code is what counts.
            return [result.status: result.status == 0 ? result.stdout : []]
        }
        var images: [String: [Int32: [UInt8]]] = [:]
        for url in StoreWriting.imageURLs { images[url] = try run(["image", "load", url]) }
        return Reading(feed: try run(["load"]), images: images)
    }

    private func describe(_ outcome: [Int32: [UInt8]]) -> String {
        outcome.map { "exit \($0.key): \(String(decoding: $0.value.prefix(120), as: UTF8.self))" }.joined()
    }
}
