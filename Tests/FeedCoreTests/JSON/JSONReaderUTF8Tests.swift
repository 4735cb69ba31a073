import XCTest
import FeedTestSupport
import FeedCore

/// A JSON string's bytes are taken exactly when they are well-formed UTF-8,
/// as the standard library's own validation (`String(validating:as:)`)
/// decides, and read back to those very bytes: every lead byte with every
/// kind of continuation, and many random runs with and without escapes.
final class JSONReaderUTF8Tests: XCTestCase {

    func test_everyTwoToFourByteShape_isTakenExactlyWhenTheStandardLibraryTakesIt() {
        let probes: [UInt8] = [0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xED, 0xEF, 0xF0, 0xF4, 0xF5, 0xFF]
        var checked = 0
        for lead in UInt8(0x80)...0xFF {
            for second in probes {
                for third in probes where third != 0x00 {
                    for fourth in [UInt8(0x80), 0xBF, 0x41] {
                        for length in 1...4 {
                            let bytes = Array([lead, second, third, fourth].prefix(length))
                            expectSameVerdict(bytes + Array("padding!".utf8))
                            expectSameVerdict(Array("eight ok".utf8) + bytes)
                            checked += 2
                        }
                    }
                }
            }
        }
        XCTAssertGreaterThan(checked, 100_000)
    }

    func test_randomRuns_areTakenExactlyWhenTheStandardLibraryTakesThem() {
        var generator = SplitMix64(seed: 0x0055_7F08)
        let alphabet: [UInt8] = Array("abc é€😀".utf8) + [0x80, 0xBF, 0xC3, 0xE2, 0xF0, 0xED, 0xA0, 0xF4, 0x90]
        for _ in 0..<20_000 {
            let count = generator.below(40)
            let bytes = (0..<count).map { _ in alphabet[generator.below(alphabet.count)] }
            expectSameVerdict(bytes)
            expectSameVerdict(Array(#"\n"#.utf8) + bytes) // through the escaped path
        }
    }

    // MARK: - Helpers

    private func expectSameVerdict(_ content: [UInt8], file: StaticString = #filePath, line: UInt = #line) {
        let escaped = content.starts(with: Array(#"\n"#.utf8))
        // No quote, backslash or control character: only UTF-8 decides.
        let text = (escaped ? Array(content.dropFirst(2)) : content).filter { $0 != 0x22 && $0 != 0x5C && $0 >= 0x20 }
        let document = [0x22] + (escaped ? Array(#"\n"#.utf8) : []) + text + [0x22]
        let expected = String(validating: text, as: UTF8.self).map { (escaped ? "\n" : "") + $0 }
        let read = try? JSONReader.parseSingle(document)
        XCTAssertEqual(read?.stringValue.map { Array($0.utf8) }, expected.map { Array($0.utf8) },
                       "\(content.map { String($0, radix: 16) })", file: file, line: line)
    }
}
