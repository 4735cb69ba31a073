import Foundation
import XCTest
import FeedPlatform

/// The mapping arithmetic at its edges: a length rounded up to a page and to
/// a huge page at k·unit − 1, k·unit and k·unit + 1 (k = 0, 1, 2; no length
/// is −1), and an anonymous mapping of the rounded length writable to its
/// length's last byte.
final class MemoryMappingBoundaryTests: XCTestCase {
    private static let units = [MemoryMapping.pageSize, 2 << 20]

    func test_roundedUp_toAPageOrAHugePage_atEachEdge() {
        for unit in Self.units {
            XCTAssertEqual(MemoryMapping.roundedUp(0, toMultipleOf: unit), 0, "nothing needs no unit (\(unit))")
            XCTAssertEqual(MemoryMapping.roundedUp(1, toMultipleOf: unit), unit, "one byte needs a whole unit (\(unit))")
            for k in 1...2 {
                XCTAssertEqual(MemoryMapping.roundedUp(k * unit - 1, toMultipleOf: unit), k * unit, "\(k)·\(unit) − 1")
                XCTAssertEqual(MemoryMapping.roundedUp(k * unit, toMultipleOf: unit), k * unit, "\(k)·\(unit)")
                XCTAssertEqual(MemoryMapping.roundedUp(k * unit + 1, toMultipleOf: unit), (k + 1) * unit, "\(k)·\(unit) + 1")
            }
        }
    }

    func test_anAnonymousMappingOfTheRoundedLength_holdsEveryByteOfTheLength() throws {
        for unit in Self.units {
            for length in [1, unit - 1, unit, unit + 1, 2 * unit - 1, 2 * unit, 2 * unit + 1] {
                let rounded = MemoryMapping.roundedUp(length, toMultipleOf: unit)
                let mapping = try MemoryMapping.anonymous(length: rounded, hugePages: unit > MemoryMapping.pageSize)
                defer { MemoryMapping.unmap(mapping, length: rounded) }
                let bytes = mapping.assumingMemoryBound(to: UInt8.self)
                XCTAssertEqual(bytes[length - 1], 0, "a fresh mapping is zeros (\(length) in units of \(unit))")
                bytes[0] = 0x7B
                bytes[length - 1] = 0x0A
                XCTAssertEqual(bytes[length - 1], 0x0A)
            }
        }
    }
}
