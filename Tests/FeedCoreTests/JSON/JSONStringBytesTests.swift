import FeedCore
import XCTest

final class JSONStringBytesTests: XCTestCase {
    func test_plainRunEnd_findsTheFirstSpecialByte_atEveryOffsetOfAWord() {
        // Each special byte (and its neighbours in value) at every place of
        // buffers of 0 to 24 bytes, from every start: as a byte-by-byte search.
        let probes: [UInt8] = [0x00, 0x01, 0x1F, 0x20, 0x21, 0x22, 0x23, 0x5B, 0x5C, 0x5D, 0x7F, 0x80, 0xA2, 0xDC, 0xFF]
        let fills: [UInt8] = [0x41, 0x20, 0x80, 0xFF, 0x21]
        for count in 0...24 {
            for fill in fills {
                for place in 0..<max(count, 1) {
                    for probe in probes {
                        var bytes = [UInt8](repeating: fill, count: count)
                        if place < count { bytes[place] = probe }
                        assertMatchesReference(bytes)
                    }
                }
            }
        }
    }

    func test_plainRunEnd_isExactAfterABorrow() {
        // A control byte borrows from the byte above it: 0x20 and 0x00 next
        // to each other, and a quote right above a backslash.
        assertMatchesReference([0x41, 0x00, 0x20, 0x41, 0x41, 0x41, 0x41, 0x41, 0x41])
        assertMatchesReference([0x20, 0x1F, 0x20, 0x20, 0x22, 0x20, 0x20, 0x20])
        assertMatchesReference([0x61, 0x61, 0x61, 0x5C, 0x22, 0x00, 0x01, 0x02, 0x41])
        assertMatchesReference(Array("ABCDEFGH\"IJKLMNO\\P\u{1}".utf8))
    }

    func test_plainRunEnd_onRandomBytes_matchesAByteByByteSearch() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let count = Int.random(in: 0...80, using: &generator)
            // Mostly plain printable ASCII, with a special byte now and then.
            let bytes = (0..<count).map { _ -> UInt8 in
                Int.random(in: 0..<12, using: &generator) == 0
                    ? [0x00, 0x0A, 0x1F, 0x22, 0x5C, 0xC3, 0xFF].randomElement(using: &generator) ?? 0
                    : UInt8.random(in: 0x20...0x7E, using: &generator)
            }
            assertMatchesReference(bytes)
        }
    }

    func test_isSpecial_namesQuoteBackslashAndControlCharactersOnly() {
        let special = (0...255).map(UInt8.init).filter(JSONStringBytes.isSpecial)
        XCTAssertEqual(special, Array(0x00...0x1F) + [0x22, 0x5C])
    }

    private func assertMatchesReference(_ bytes: [UInt8], file: StaticString = #filePath, line: UInt = #line) {
        bytes.withUnsafeBufferPointer { buffer in
            for start in 0...bytes.count {
                let expected = bytes[start...].firstIndex(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }) ?? bytes.count
                XCTAssertEqual(JSONStringBytes.plainRunEnd(in: buffer, from: start), expected,
                               "from \(start) in \(bytes)", file: file, line: line)
            }
        }
    }
}
