import Foundation
import XCTest
import FeedPlatform

/// A file mapped from its descriptor's offset: the mapping starts at the
/// page that holds the offset, so for a file and an offset each one below, at
/// and one past a page's edge (0, 1 and 2 pages), the buffer is exactly the
/// file's bytes from the offset on; an empty file, or an offset at the end,
/// is nothing to map.
final class MappedFileBoundaryTests: XCTestCase {
    private let page = MemoryMapping.pageSize

    func test_map_isTheFileFromItsOffset_atEveryPageEdge() throws {
        let edges = [1, page - 1, page, page + 1, 2 * page - 1, 2 * page, 2 * page + 1]
        for size in edges {
            let path = try file(of: size)
            let bytes = Self.bytes(size)
            for offset in [0, 1, page - 1, page, page + 1, 2 * page - 1, 2 * page] where offset < size {
                let fd = try open(path, at: offset)
                defer { FileDescriptor.close(fd) }
                let mapped = try XCTUnwrap(MappedFile.map(fd) {}, "\(size) bytes from \(offset)")
                XCTAssertEqual(mapped.count, size - offset, "\(size) bytes from \(offset)")
                XCTAssertEqual(Array(mapped), Array(bytes[offset...]), "\(size) bytes from \(offset)")
                XCTAssertEqual(try FileDescriptor.seek(fd, to: 0, from: SEEK_CUR), off_t(size), "read to its end")
            }
        }
    }

    func test_map_ofTheOneByteFile_isThatByte() throws {
        let fd = try open(try file(of: 1), at: 0)
        defer { FileDescriptor.close(fd) }
        XCTAssertEqual(MappedFile.map(fd) {}.map { Array($0) }, Self.bytes(1))
    }

    func test_map_ofNothingLeft_isNil_andMapsNothing() throws {
        for (size, offset) in [(0, 0), (1, 1), (page, page), (page + 1, page + 1)] {
            let fd = try open(try file(of: size), at: offset)
            defer { FileDescriptor.close(fd) }
            var asked = false
            XCTAssertNil(MappedFile.map(fd) { asked = true }, "\(size) bytes from \(offset)")
            XCTAssertFalse(asked, "no mapping is made, so none is prepared for")
        }
    }

    // MARK: - Helpers

    /// Bytes that differ from page to page and within one.
    private static func bytes(_ count: Int) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 12) }
    }

    private func file(of size: Int) throws -> String {
        let directory = NSTemporaryDirectory() + "mapped-file-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/bytes"
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(Self.bytes(size))))
        return path
    }

    private func open(_ path: String, at offset: Int) throws -> Int32 {
        let fd = try FileDescriptor.open(path, O_RDONLY | O_CLOEXEC)
        XCTAssertEqual(try FileDescriptor.seek(fd, to: off_t(offset)), off_t(offset))
        return fd
    }
}
