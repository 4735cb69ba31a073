import XCTest
import FeedPresentation

/// The writers' chunk of output: pieces appended in order, across as many
/// growths as it takes, and emptied for the next chunk.
final class OutputBytesTests: XCTestCase {
    func test_append_keepsEveryPieceInOrder_acrossGrowths() {
        let bytes = OutputBytes(capacity: 1)
        var expected: [UInt8] = []
        for index in 0..<2_000 {
            let piece = Array("piece \(index) ".utf8) + Array(repeating: UInt8(index % 251), count: index % 97)
            piece.withUnsafeBufferPointer { bytes.append($0) }
            bytes.append(UInt8(index % 256))
            bytes.append("|" as StaticString)
            expected += piece + [UInt8(index % 256)] + Array("|".utf8)
        }
        XCTAssertEqual(bytes.count, expected.count)
        XCTAssertEqual(bytes.withBytes { Array($0) }, expected)
    }

    func test_removeAll_emptiesIt_forTheNextChunk() {
        let bytes = OutputBytes(capacity: 4)
        bytes.append(string: "first chunk, longer than its capacity")
        bytes.removeAll()
        XCTAssertEqual(bytes.count, 0)
        bytes.append(string: "caf\u{E9}")
        XCTAssertEqual(bytes.text, "caf\u{E9}")
    }

    func test_appendAgain_copiesAHeldRangeToTheEnd_evenAcrossAGrowth() {
        let bytes = OutputBytes(capacity: 16)
        bytes.append("<a>" as StaticString)
        let start = bytes.count
        bytes.append(string: "https://h/a?x=1")
        let end = bytes.count
        bytes.append("|" as StaticString)
        bytes.appendAgain(from: start, to: end)
        bytes.appendAgain(from: end, to: start) // an empty range adds nothing
        XCTAssertEqual(bytes.text, "<a>https://h/a?x=1|https://h/a?x=1")
    }
}
