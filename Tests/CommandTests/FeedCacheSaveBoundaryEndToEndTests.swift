import Foundation
import XCTest
import FeedPlatform
import FeedTestSupport

/// `feed-cache save` of documents at the edges of its memory, through the
/// command, from a pipe and from a file (which it maps): every size one
/// below, at and one past a page and a huge page (k = 0, 1, 2), and those
/// sizes less the 64 bytes its document's buffer adds; ids filling the seen-ids
/// table to its first growth and one past, and to its first table in huge
/// pages. Each is stored whole: `load` writes the document back as saved.
/// The empty and the one-byte input fail as documented, with no cache made.
final class FeedCacheSaveBoundaryEndToEndTests: XCTestCase {
    func test_save_ofADocumentOfEverySizeAtAPageOrHugePageEdge_fromAPipeAndAFile_loadsAsSaved() throws {
        let directory = makeTemporaryDirectory(self)
        for unit in [MemoryMapping.pageSize, 2 << 20] {
            for k in 0...2 {
                for edge in [k * unit - 1, k * unit, k * unit + 1] {
                    // Below 13 bytes there is no whole document (FastFeedSaveBoundaryTests has those).
                    for size in [edge, edge - 64] where size >= 13 {
                        try assertSavedAndLoaded(CompactFeedDocument.ofExactly(size), "\(size) bytes", in: directory)
                    }
                }
            }
        }
    }

    func test_save_ofIDsAtTheSeenTablesGrowths_andOnePast_keepsTheFirstOfEach() throws {
        let directory = makeTemporaryDirectory(self)
        for count in [128, 129, 65_536, 65_537] {
            let first = CompactFeedDocument.items(count) { (CompactFeedDocument.id($0), "https://i.example/\($0)") }
            let again = CompactFeedDocument.items(count) { (CompactFeedDocument.id($0).lowercased(), "https://other.example/\($0)") }
            try assertSavedAndLoaded(first + again, "\(count) ids, each twice", expecting: first, in: directory)
        }
    }

    func test_save_ofTheEmptyAndTheOneByteInput_fromAPipeAndAFile_failsAsDocumented_andMakesNoCache() throws {
        let directory = makeTemporaryDirectory(self)
        for (input, status, kind) in [([UInt8](), 66, "not-found"), ([0x7B], 65, "invalid-data")] {
            let path = directory + "/input"
            try Data(input).write(to: URL(fileURLWithPath: path))
            for (how, save) in [("pipe", "cat \(shellQuote(path)) | feed-cache save"), ("file", "feed-cache save < \(shellQuote(path))")] {
                let cache = directory + "/cache-\(how)"
                let result = try Command.sh(save, environment: ["FEED_CACHE_DIR": cache])
                XCTAssertEqual(result.status, Int32(status), "\(input.count) bytes from a \(how): \(result.err)")
                XCTAssertEqual(result.lastErrorKind, kind, "\(input.count) bytes from a \(how)")
                XCTAssertEqual(result.err.split(separator: "\n").count, 1, result.err)
                XCTAssertTrue(result.err.hasPrefix("feed-cache: "), result.err)
                XCTAssertFalse(FileManager.default.fileExists(atPath: cache), "\(input.count) bytes from a \(how): no cache made")
            }
        }
    }

    private func assertSavedAndLoaded(_ input: [UInt8], _ what: String, expecting expected: [UInt8]? = nil, in directory: String,
                                      file: StaticString = #filePath, line: UInt = #line) throws {
        let path = directory + "/input"
        try Data(input).write(to: URL(fileURLWithPath: path))
        for (how, save) in [("pipe", "cat \(shellQuote(path)) | feed-cache save -q"), ("file", "feed-cache save -q < \(shellQuote(path))")] {
            let environment = ["FEED_CACHE_DIR": directory + "/cache-\(how)"]
            let saved = try Command.sh(save, environment: environment)
            XCTAssertEqual(saved.status, 0, "\(what) from a \(how): \(saved.err)", file: file, line: line)
            let loaded = try Command.run("feed-cache", ["load"], environment: environment)
            XCTAssertEqual(loaded.status, 0, "\(what) from a \(how): \(loaded.err)", file: file, line: line)
            XCTAssertTrue(loaded.stdout == (expected ?? input), "\(what) from a \(how): loaded \(loaded.stdout.count) bytes", file: file, line: line)
        }
    }
}
