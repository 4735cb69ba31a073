import XCTest
import FeedCore

/// One tsv line: fields between tabs, a newline at the end, an absent field
/// empty, and the four bytes that would split a field or a line escaped.
final class TabSeparatedLineTests: XCTestCase {
    func test_append_escapesBackslashTabNewlineAndCarriageReturn_andKeepsAllElse() {
        XCTAssertEqual(line(["a\\b\tc\nd\re", "caf\u{E9} \"q\" \u{1}"]), "a\\\\b\\tc\\nd\\re\tcaf\u{E9} \"q\" \u{1}\n")
    }

    func test_append_escapesAtTheEdgesAndInARow() {
        XCTAssertEqual(line(["\t\t", "\\", "\n\r"]), "\\t\\t\t\\\\\t\\n\\r\n")
    }

    /// Long values are skipped eight bytes at a time up to a byte that may
    /// need an escape: one at any position of a word, in plain text and
    /// after other control bytes, which stay as they are.
    func test_append_escapesInLongValuesAtEveryPosition() {
        for (position, plain) in (0..<24).flatMap({ [($0, String(repeating: "abcd\u{E9}", count: 6)), ($0, String(repeating: "ab\u{1}c\u{E9}", count: 6))] }) {
            for (byte, escaped) in [("\\", "\\\\"), ("\t", "\\t"), ("\n", "\\n"), ("\r", "\\r")] {
                let value = String(plain.prefix(position)) + byte + String(plain.dropFirst(position))
                XCTAssertEqual(line([value]), String(plain.prefix(position)) + escaped + String(plain.dropFirst(position)) + "\n",
                               "at \(position)")
            }
        }
    }

    func test_append_writesAnAbsentOrEmptyValueAsAnEmptyField() {
        var out: [UInt8] = []
        Array("x".utf8).withUnsafeBufferPointer { x in
            TabSeparatedLine.appendField(nil, first: true, to: &out)
            TabSeparatedLine.appendField(x, first: false, to: &out)
            TabSeparatedLine.appendField(nil, first: false, to: &out)
            TabSeparatedLine.endLine(&out)
        }
        XCTAssertEqual(String(decoding: out, as: UTF8.self), "\tx\t\n")
        XCTAssertEqual(line(["", ""]), "\t\n")
    }

    private func line(_ values: [String]) -> String {
        var out: [UInt8] = []
        TabSeparatedLine.append(strings: values, to: &out)
        return String(decoding: out, as: UTF8.self)
    }
}
