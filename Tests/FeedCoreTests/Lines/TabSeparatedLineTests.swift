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

    func test_append_writesAnAbsentOrEmptyValueAsAnEmptyField() {
        var out: [UInt8] = []
        Array("x".utf8).withUnsafeBufferPointer { x in
            TabSeparatedLine.append([nil, x, nil], to: &out)
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
