import Foundation
import XCTest
import FeedCore
@testable import FeedFastPath
import FeedFuzzing
import FeedPlatform
import FeedTestSupport

/// `FastFeedSave` at the edges of its memory: documents whose size, and
/// whose size plus the document buffer's headroom, is one below, at and one
/// past a page and a huge page (k = 0, 1, 2), each stored as the reference
/// stores it, from a buffer and from a mapped file; the table of ids seen
/// filled to each growth and one past it, losing none; the empty and the
/// one-byte input.
final class FastFeedSaveBoundaryTests: XCTestCase, FastFeedSaveTesting {
    /// What `FastFeedSave` adds to the input's size for its document's buffer.
    private static let headroom = 64

    func test_documentsOfEverySizeAtAPageOrHugePageEdge_areStoredAsTheReferenceStoresThem() throws {
        for unit in [MemoryMapping.pageSize, 2 << 20] {
            for k in 0...2 {
                for edge in [k * unit - 1, k * unit, k * unit + 1] {
                    for size in [edge, edge - Self.headroom] where size >= 0 {
                        let input = CompactFeedDocument.ofExactly(size)
                        XCTAssertEqual(input.count, size)
                        let what = "\(size) bytes (\(k)·\(unit)\(edge - k * unit >= 0 ? "+" : "")\(edge - k * unit)\(size == edge ? "" : " − headroom"))"
                        if size >= 13 { XCTAssertNotNil(Self.fast(input), "a document of feed-map's shape is taken: \(what)") }
                        try Self.holds(input, what)
                        try Self.holdsMapped(input, what)
                    }
                }
            }
        }
    }

    func test_anInputCopiedByAThreadOfItsOwn_isTaken_andStoredAsItCame_fromABufferAndAMappedFile() throws {
        // From 16 MiB the input is copied ahead of the scan by another thread
        // (`SavedInputCopier`): many items, and one longer than the stretch
        // the scan waits for (read again over a whole copy).
        let many = CompactFeedDocument.items(240_000) { (String(format: "2AB2AE66-A4B7-4A16-B374-%012X", $0), "https://h/\($0)") }
        let long = CompactFeedDocument.ofExactly(17 << 20)
        for (what, input) in [("many items", many), ("one long item", long)] {
            XCTAssertGreaterThan(input.count, 16 << 20)
            XCTAssertTrue(Self.fast(input)?.0.document.array == input, "taken, and stored as it came: \(what)")
            try Self.holdsMapped(input, what)
        }
    }

    func test_idsAtEachGrowthOfTheirTable_andOnePast_keepTheFirstOfEach() throws {
        // The table starts at 256 slots, holds ids up to half its slots, and
        // doubles (into huge pages from 131,072 slots).
        var counts = [0, 1, 2]
        var slots = 256
        while slots <= 1 << 17 {
            counts += [slots / 2 - 1, slots / 2, slots / 2 + 1]
            slots *= 2
        }
        for count in counts {
            let first = CompactFeedDocument.items(count) { (CompactFeedDocument.id($0), "https://i.example/\($0)") }
            // Every id again, in another case, on a later page: each is found.
            let again = CompactFeedDocument.items(count) { (CompactFeedDocument.id($0).lowercased(), "https://other.example/\($0)") }
            let (feed, _) = try XCTUnwrap(Self.fast(first + again), "\(count) ids")
            XCTAssertEqual(feed.imageURLs(), Set((0..<count).map { "https://i.example/\($0)" }), "\(count) ids, each kept once")
            XCTAssertEqual(feed.document.array, first, "\(count) ids")
        }
    }

    func test_theEmptyAndTheOneByteInput_areDeclinedOrStoredAsTheReferenceStoresThem() throws {
        for input in [[], [0x7B], [0x0A], [0x20], [0x5B]] as [[UInt8]] {
            try Self.holds(input, "\(input)")
            try Self.holdsMapped(input, "\(input)")
        }
        XCTAssertNil(Self.fast([]), "nothing is no document")
    }

    // MARK: - Helpers

    /// The same from a file mapped as `feed-cache save < FILE` maps it.
    private static func holdsMapped(_ input: [UInt8], _ what: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let path = NSTemporaryDirectory() + "fast-save-boundary-\(UUID().uuidString)"
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(input)))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let fd = try FileDescriptor.open(path, O_RDONLY | O_CLOEXEC)
        defer { FileDescriptor.close(fd) }
        guard let mapped = MappedFile.map(fd, beforeMapping: {}) else {
            XCTAssertTrue(input.isEmpty, "only an empty file is not mapped: \(what)", file: file, line: line)
            return
        }
        let taken = FastFeedSave.feed(mapped, inputIsMapped: true)
        XCTAssertEqual(taken?.0.document.array, fast(input)?.0.document.array, "mapped or not, the same: \(what)", file: file, line: line)
        XCTAssertEqual(taken?.0.imageURLs(), fast(input)?.0.imageURLs(), what, file: file, line: line)
    }
}
