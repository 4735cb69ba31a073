import XCTest
import FeedCore
import Foundation

/// One tsv line: fields between tabs, a newline at the end, an absent field
/// empty, the four bytes that would split a field or a line escaped, and
/// every other control character escaped as `ControlEscape` writes it.
final class TabSeparatedLineTests: XCTestCase {
    func test_append_escapesBackslashTabNewlineAndCarriageReturn_andKeepsAllElse() {
        XCTAssertEqual(line(["a\\b\tc\nd\re", "caf\u{E9} \"q\" \u{A0}"]), "a\\\\b\\tc\\nd\\re\tcaf\u{E9} \"q\" \u{A0}\n")
    }

    func test_append_escapesEveryOtherControlCharacter_C0_DEL_C1() {
        XCTAssertEqual(line(["\u{1B}]0;title\u{7}", "\u{1B}[2J\u{7F}", "\u{9B}1m\u{80}\u{9F}\u{A0}"]),
                       "\\u001B]0;title\\u0007\t\\u001B[2J\\u007F\t\\u009B1m\\u0080\\u009F\u{A0}\n")
    }

    func test_append_escapesAtTheEdgesAndInARow() {
        XCTAssertEqual(line(["\t\t", "\\", "\n\r"]), "\\t\\t\t\\\\\t\\n\\r\n")
    }

    /// Long values are skipped eight bytes at a time up to a byte that may
    /// need an escape: one at any position of a word, in plain text and
    /// after other control bytes, which are escaped too.
    func test_append_escapesInLongValuesAtEveryPosition() {
        for (position, plain) in (0..<24).flatMap({ [($0, String(repeating: "abcd\u{E9}", count: 6)), ($0, String(repeating: "ab\u{1}c\u{E9}", count: 6))] }) {
            for (byte, escaped) in [("\\", "\\\\"), ("\t", "\\t"), ("\n", "\\n"), ("\r", "\\r")] {
                let value = String(plain.prefix(position)) + byte + String(plain.dropFirst(position))
                let shown = { (text: String) in text.replacingOccurrences(of: "\u{1}", with: "\\u0001") }
                XCTAssertEqual(line([value]), shown(String(plain.prefix(position))) + escaped + shown(String(plain.dropFirst(position))) + "\n",
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
