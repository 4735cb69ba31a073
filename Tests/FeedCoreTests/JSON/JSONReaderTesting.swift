import XCTest
import FeedCore

/// What the `JSONReader*Tests` share: reading text, and the check of a syntax error.
protocol JSONReaderTesting: XCTestCase {}

extension JSONReaderTesting {

    func parse(_ text: String) throws -> JSON {
        try JSONReader.parseSingle(Array(text.utf8))
    }

    func readAll(_ text: String) throws -> [JSON] {
        var reader = JSONReader(Array(text.utf8))
        var values: [JSON] = []
        while let value = try reader.next() { values.append(value) }
        return values
    }

    func assertSyntaxError(_ text: String, file: StaticString = #filePath, line: UInt = #line) {
        assertSyntaxError(Array(text.utf8), text.debugDescription, file: file, line: line)
    }

    func assertSyntaxError(_ bytes: [UInt8], _ message: String = "", file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try JSONReader.parseSingle(bytes), message, file: file, line: line) { error in
            XCTAssertTrue(error is JSONSyntaxError, "\(message): \(error)", file: file, line: line)
        }
    }
}
