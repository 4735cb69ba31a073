import XCTest
import FeedPresentation

/// OutputBytes at the edges of its memory: each way of appending filling it
/// exactly to its capacity, then one byte past it (a growth); the smallest
/// capacity it takes; the empty and the one-byte piece.
final class OutputBytesBoundaryTests: XCTestCase {
    /// Its capacity when asked for less: 16 bytes.
    private static let least = 16

    func test_appendingBytes_exactlyToTheCapacity_thenOnePast_keepsThemAll() {
        for capacity in [Self.least, 64, 4096] {
            let bytes = OutputBytes(capacity: capacity)
            let full = Self.pattern(capacity)
            full.withUnsafeBufferPointer { bytes.append($0) }
            XCTAssertEqual(bytes.count, capacity)
            [0xEE].withUnsafeBufferPointer { bytes.append($0) }
            XCTAssertEqual(bytes.withBytes { Array($0) }, full + [0xEE], "capacity \(capacity)")
        }
    }

    func test_appendingOneByteAtATime_acrossTwoGrowths_keepsThemAll() {
        let bytes = OutputBytes(capacity: Self.least)
        let expected = Self.pattern(4 * Self.least + 1)
        for byte in expected { bytes.append(byte) }
        XCTAssertEqual(bytes.withBytes { Array($0) }, expected)
    }

    func test_aPieceOneByteLongerThanTheRoomLeft_growsOnce_andKeepsWhatWasThere() {
        for held in [0, 1, Self.least - 1] {
            let bytes = OutputBytes(capacity: Self.least)
            let first = Self.pattern(held), second = Self.pattern(Self.least - held + 1).map { $0 ^ 0xFF }
            first.withUnsafeBufferPointer { bytes.append($0) }
            second.withUnsafeBufferPointer { bytes.append($0) }
            XCTAssertEqual(bytes.withBytes { Array($0) }, first + second, "\(held) held")
        }
    }

    func test_appendAgain_exactlyToTheCapacity_thenOnePast() {
        let half = Self.least / 2
        let bytes = OutputBytes(capacity: Self.least)
        let piece = Self.pattern(half)
        piece.withUnsafeBufferPointer { bytes.append($0) }
        bytes.appendAgain(from: 0, to: half)
        XCTAssertEqual(bytes.count, Self.least, "exactly full")
        bytes.appendAgain(from: half - 1, to: half)
        XCTAssertEqual(bytes.withBytes { Array($0) }, piece + piece + [piece[half - 1]])
        bytes.appendAgain(from: 0, to: bytes.count)
        XCTAssertEqual(bytes.withBytes { Array($0) }, (piece + piece + [piece[half - 1]]) + (piece + piece + [piece[half - 1]]),
                       "all it holds, again: the source is read before the growth frees it")
    }

    func test_aCapacityOfNothingOrOne_holdsTheLeastCapacity_andGrowsPastIt() {
        for asked in [0, 1] {
            let bytes = OutputBytes(capacity: asked)
            let expected = Self.pattern(Self.least + 1)
            expected.withUnsafeBufferPointer { bytes.append($0) }
            XCTAssertEqual(bytes.withBytes { Array($0) }, expected, "asked for \(asked)")
        }
    }

    func test_theEmptyAndTheOneBytePiece() {
        let bytes = OutputBytes(capacity: Self.least)
        [UInt8]().withUnsafeBufferPointer { bytes.append($0) }
        bytes.append(string: "")
        bytes.append("" as StaticString)
        XCTAssertEqual(bytes.count, 0)
        XCTAssertEqual(bytes.withBytes { Array($0) }, [])
        bytes.append(string: "x")
        XCTAssertEqual(bytes.text, "x")
    }

    private static func pattern(_ count: Int) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 1) }
    }
}
