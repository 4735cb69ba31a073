import XCTest
import FeedCore

/// `JSONReader` on streams of values (NDJSON), and where reading stops.
final class JSONReaderStreamTests: XCTestCase, JSONReaderTesting {

    func test_next_readsAnNDJSONStreamOfSeveralValues() throws {
        var reader = JSONReader(Array("{\"a\":1}\n[2]\n\"three\"\n4\ntrue\nnull\n".utf8))

        XCTAssertEqual(try reader.next(), .object(JSONObject([("a", .number("1"))])))
        XCTAssertEqual(try reader.next(), .array([.number("2")]))
        XCTAssertEqual(try reader.next(), .string("three"))
        XCTAssertEqual(try reader.next(), .number("4"))
        XCTAssertEqual(try reader.next(), .bool(true))
        XCTAssertEqual(try reader.next(), .null)
        XCTAssertNil(try reader.next())
        XCTAssertNil(try reader.next())
        XCTAssertTrue(reader.isAtEnd())
    }

    func test_next_readsValuesSeparatedByAnyWhitespace() throws {
        XCTAssertEqual(try readAll("1 2\t3\r\n4\n\n  5"), ["1", "2", "3", "4", "5"].map(JSON.number))
        XCTAssertEqual(try readAll("  {}  {} "), [.object(JSONObject()), .object(JSONObject())])
    }

    func test_next_readsSelfDelimitingValuesWithoutWhitespace() throws {
        XCTAssertEqual(try readAll("[1][2]{}\"a\"\"b\""), [.array([.number("1")]), .array([.number("2")]), .object(JSONObject()),
                                                           .string("a"), .string("b")])
        XCTAssertEqual(try readAll("12"), [.number("12")])
    }

    func test_next_throwsWhenAScalarRunsIntoTheNextValue() {
        for text in ["1\"a\"", "1[2]", "true{}", "nullnull", "truefalse", "-1-1", "1true"] {
            var reader = JSONReader(Array(text.utf8))
            XCTAssertThrowsError(try reader.next(), text)
        }
    }

    func test_next_deliversGoodValuesBeforeAMalformedOne() throws {
        var reader = JSONReader(Array("{\"a\":1}\n{\"b\":\n".utf8))

        XCTAssertEqual(try reader.next(), .object(JSONObject([("a", .number("1"))])))
        XCTAssertThrowsError(try reader.next())
    }

    func test_next_deliversNothingForEmptyOrWhitespaceInput() throws {
        for text in ["", " ", "\n\n", " \t\r\n"] {
            var reader = JSONReader(Array(text.utf8))
            XCTAssertNil(try reader.next(), "input \(text.debugDescription)")
            XCTAssertTrue(reader.isAtEnd())
        }
    }

    func test_parseSingle_rejectsEmptyInputAndTrailingGarbage() {
        for text in ["", "   ", "\n", "{} {}", "1 2", "[] x", "{}}", "[]]", "\"a\" \"b\"", "null,", "{\"a\":1}\n{\"b\":2}"] {
            assertSyntaxError(text)
        }
    }

    func test_parseSingle_rejectsNonJSONWhitespace() {
        assertSyntaxError("\u{0C}1")             // form feed
        assertSyntaxError("\u{0B}1")             // vertical tab
        assertSyntaxError("\u{A0}1")             // no-break space
        assertSyntaxError("1\u{2028}")           // line separator
    }

    func test_syntaxError_saysWhereReadingStopped() {
        XCTAssertThrowsError(try JSONReader.parseSingle(Array("[1,2,x]".utf8))) { error in
            XCTAssertEqual((error as? JSONSyntaxError)?.offset, 5)
            XCTAssertEqual((error as? JSONSyntaxError).map { "\($0)".hasSuffix("at byte 5") }, true, "\(error)")
        }
        XCTAssertThrowsError(try JSONReader.parseSingle(Array("{} x".utf8))) { error in
            XCTAssertEqual((error as? JSONSyntaxError)?.offset, 3)
        }
    }

    // Found by fuzzing (Tests/FeedFuzzingTests/Crashes/record-stream): a bad
    // \u escape was named at another byte when the input ended sooner, so a
    // record read from a pipe and the same record read whole told apart.
    func test_next_namesABadUnicodeEscapeAtTheSameByteHoweverMuchInputFollows() {
        for (text, offset) in [(#""a\u00""#, 6), (#""\uD800\u12""#, 11)] {
            for input in [text, text + " [1]"] {
                var reader = JSONReader(Array(input.utf8))
                XCTAssertThrowsError(try reader.next(), input) { error in
                    XCTAssertEqual(error as? JSONSyntaxError, JSONSyntaxError(reason: "invalid \\u escape", offset: offset), input)
                }
            }
        }
    }
}
