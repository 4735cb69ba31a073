import XCTest
import FeedCore

final class JSONReaderTests: XCTestCase {

    // MARK: - Literals

    func test_parseSingle_readsLiterals() throws {
        XCTAssertEqual(try parse("true"), .bool(true))
        XCTAssertEqual(try parse("false"), .bool(false))
        XCTAssertEqual(try parse("null"), .null)
        XCTAssertEqual(try parse(" \t\r\n null \n"), .null)
    }

    func test_parseSingle_rejectsMisspelledOrTruncatedLiterals() {
        for text in ["tru", "nul", "f", "True", "NULL", "truex", "nulll", "falsey", "t rue", "undefined", "nan", "NaN", "Infinity"] {
            assertSyntaxError(text)
        }
    }

    // MARK: - Numbers

    func test_parseSingle_readsNumbersAndKeepsTheirExactText() throws {
        for text in ["0", "-0", "1", "-1", "42", "2.50", "1E+3", "1e3", "1e-3", "-0.0", "0.1e10", "1.5E-07",
                     "123456789012345678901234567890", "1E+400", "3.14159265358979323846"] {
            XCTAssertEqual(try parse(text), .number(text), text)
        }
    }

    func test_parseSingle_rejectsNumbersOffTheGrammar() {
        for text in ["01", "-01", "00", "1.", "-1.", ".5", "-.5", "+1", "-", "1e", "1e+", "1E-", "1.e3", "0x10", "1_000",
                     "- 1", "1.2.3", "1ee3", "--1", "0.", "1,5"] {
            assertSyntaxError(text)
        }
    }

    func test_parseSingle_rejectsNumbersOffTheGrammarInsideContainers() {
        for text in ["[01]", "[1.]", "[.5]", "[+1]", "[-]", "[1e]", "{\"a\":01}", "{\"a\":-}"] {
            assertSyntaxError(text)
        }
    }

    func test_intValue_isTheNumberOnlyWhenItIsAnIntegerInRange() {
        XCTAssertEqual(JSON.number("42").intValue, 42)
        XCTAssertEqual(JSON.number("-7").intValue, -7)
        XCTAssertEqual(JSON.number("9223372036854775807").intValue, Int.max)
        XCTAssertNil(JSON.number("9223372036854775808").intValue)
        XCTAssertNil(JSON.number("1.0").intValue)
        XCTAssertNil(JSON.number("1e2").intValue)
        XCTAssertNil(JSON.string("1").intValue)
    }

    // MARK: - Strings

    func test_parseSingle_readsStringsWithEveryEscape() throws {
        XCTAssertEqual(try parse(#""""#), .string(""))
        XCTAssertEqual(try parse(#""plain""#), .string("plain"))
        XCTAssertEqual(try parse(#""\" \\ \/ \b \f \n \r \t""#), .string("\" \\ / \u{08} \u{0C} \n \r \t"))
        XCTAssertEqual(try parse(#""a\nb""#), .string("a\nb"))
        XCTAssertEqual(try parse(#""https:\/\/a.com\/x""#), .string("https://a.com/x"))
    }

    func test_parseSingle_readsUnicodeEscapes() throws {
        XCTAssertEqual(try parse(#""\u0041\u00e9\u00E9\u20AC""#), .string("Aéé€"))
        XCTAssertEqual(try parse(#""\u0000""#), .string("\u{0}"))
        XCTAssertEqual(try parse(#""\u001f\u007F""#), .string("\u{1F}\u{7F}"))
        XCTAssertEqual(try parse(#""x\uFFFFy""#), .string("x\u{FFFF}y"))
    }

    func test_parseSingle_readsSurrogatePairEscapes() throws {
        XCTAssertEqual(try parse(#""\uD83D\uDE00""#), .string("😀"))
        XCTAssertEqual(try parse(#""\ud834\udd1e clef""#), .string("𝄞 clef"))
        XCTAssertEqual(try parse(#""\uDBFF\uDFFF""#), .string("\u{10FFFF}"))
    }

    func test_parseSingle_rejectsLoneSurrogates() {
        for text in [#""\uD83D""#, #""\uD83Dx""#, #""\uD83D\u0041""#, #""\uD83D\uD83D""#, #""\uDE00""#,
                     #""\uDE00\uD83D""#, #""\uD83D\n""#, #""a\uDFFFb""#] {
            assertSyntaxError(text)
        }
    }

    func test_parseSingle_rejectsInvalidEscapes() {
        for text in [#""\x""#, #""\a""#, #""\'""#, #""\u12""#, #""\u12G4""#, #""\U0041""#, #""\u""#, #""\ ""#, #""\0""#] {
            assertSyntaxError(text)
        }
    }

    func test_parseSingle_readsRawUTF8() throws {
        XCTAssertEqual(try parse("\"héllo wörld ☕ 😀 日本\""), .string("héllo wörld ☕ 😀 日本"))
        XCTAssertEqual(try parse("\"é\\nè\""), .string("é\nè"))
        XCTAssertEqual(try parse("\"\u{7F}\""), .string("\u{7F}"))
    }

    func test_parseSingle_rejectsRawControlCharactersInStrings() {
        for byte in [0x00, 0x01, 0x09, 0x0A, 0x0D, 0x1F] as [UInt8] {
            assertSyntaxError([0x22, 0x61, byte, 0x62, 0x22], "byte \(byte)")
            assertSyntaxError(Array(#""\n"#.utf8) + [byte, 0x22], "byte \(byte) after an escape")
        }
    }

    func test_parseSingle_rejectsInvalidUTF8InStrings() {
        let invalid: [[UInt8]] = [
            [0xFF],
            [0xFE, 0xFF],
            [0xC3],             // truncated two-byte sequence
            [0xC0, 0xAF],       // overlong '/'
            [0xE0, 0x80, 0xAF], // overlong
            [0xED, 0xA0, 0x80], // a surrogate, UTF-8 encoded
            [0xF4, 0x90, 0x80, 0x80], // beyond U+10FFFF
            [0x80],             // continuation byte alone
        ]
        for bytes in invalid {
            assertSyntaxError([0x22] + bytes + [0x22], "bytes \(bytes)")
            assertSyntaxError([0x22, 0x5C, 0x6E] + bytes + [0x22], "bytes \(bytes) after an escape")
        }
    }

    func test_parseSingle_rejectsInvalidUTF8OutsideStrings() {
        assertSyntaxError([0xEF, 0xBB, 0xBF] + Array("{}".utf8)) // a byte order mark is not JSON white space
        assertSyntaxError(Array("[1,".utf8) + [0xFF] + Array("]".utf8))
    }

    func test_parseSingle_rejectsUnterminatedStrings() {
        for text in [#"""#, #""abc"#, #""abc\"#, #""abc\""#, #""\u00"#, #"{"a":"b}"#, #"["a]"#] {
            assertSyntaxError(text)
        }
    }

    // MARK: - Arrays and objects

    func test_parseSingle_readsArraysAndObjectsKeepingKeyOrder() throws {
        let value = try parse(#" { "z" : [ 1 , "two" , null , true , { } , [ ] ] , "a" : { "y" : false , "b" : -2.0 } } "#)

        XCTAssertEqual(value, .object(JSONObject([
            ("z", .array([.number("1"), .string("two"), .null, .bool(true), .object(JSONObject()), .array([])])),
            ("a", .object(JSONObject([("y", .bool(false)), ("b", .number("-2.0"))]))),
        ])))
        XCTAssertEqual(value.objectValue?.keys, ["z", "a"])
        XCTAssertEqual(value["a"]?.objectValue?.keys, ["y", "b"])
    }

    func test_parseSingle_rejectsMalformedContainers() {
        for text in ["[", "]", "[1", "[1,", "[1,]", "[,1]", "[1 2]", "[1;2]", "{", "}", "{\"a\"}", "{\"a\":}", "{\"a\":1,}",
                     "{\"a\" 1}", "{a:1}", "{'a':1}", "{1:1}", "{\"a\":1 \"b\":2}", "{\"a\":1]", "[1}", "[// comment\n1]",
                     "[/* c */1]", "{,}"] {
            assertSyntaxError(text)
        }
    }

    func test_parseSingle_keepsTheFirstPlaceAndLastValueOfARepeatedKey() throws {
        let value = try parse(#"{"a":1,"b":2,"a":3,"c":4,"b":{"x":null}}"#)

        XCTAssertEqual(value.objectValue?.keys, ["a", "b", "c"])
        XCTAssertEqual(value["a"], .number("3"))
        XCTAssertEqual(value["b"], .object(JSONObject([("x", .null)])))
        XCTAssertEqual(value["c"], .number("4"))
    }

    func test_parseSingle_keepsTheFirstPlaceAndLastValueOfARepeatedKeyInALargeObject() throws {
        let members = (0..<40).map { "\"k\($0)\":\($0)" } + ["\"k0\":\"first again\"", "\"k39\":\"last again\"", "\"k20\":null", "\"new\":1"]
        let value = try parse("{" + members.joined(separator: ",") + "}")

        XCTAssertEqual(value.objectValue?.keys, (0..<40).map { "k\($0)" } + ["new"])
        XCTAssertEqual(value["k0"], .string("first again"))
        XCTAssertEqual(value["k39"], .string("last again"))
        XCTAssertEqual(value["k20"], .null)
        XCTAssertEqual(value["k19"], .number("19"))
        XCTAssertEqual(value["new"], .number("1"))
    }

    func test_jsonObject_keepsTheFirstPlaceAndLastValueOfARepeatedKey() {
        var object = JSONObject([("a", .number("1")), ("b", .number("2")), ("a", .number("3"))])

        XCTAssertEqual(object.keys, ["a", "b"])
        XCTAssertEqual(object["a"], .number("3"))

        object["c"] = .null
        object["a"] = nil
        XCTAssertEqual(object.keys, ["b", "c"])
        XCTAssertEqual(object["c"], .null)
        XCTAssertNil(object["a"])
    }

    func test_jsonObject_equalityDependsOnKeyOrder() {
        XCTAssertEqual(JSONObject([("a", .null), ("b", .null)]), JSONObject([("a", .null), ("b", .null)]))
        XCTAssertNotEqual(JSONObject([("a", .null), ("b", .null)]), JSONObject([("b", .null), ("a", .null)]))
    }

    // MARK: - Depth

    func test_parseSingle_readsNestingUpToTheDepthLimit() throws {
        let depth = JSONReader.defaultMaxDepth
        var value = try parse(String(repeating: "[", count: depth) + String(repeating: "]", count: depth))

        var levels = 0
        while case .array(let elements) = value {
            levels += 1
            value = elements.first ?? .null
        }
        XCTAssertEqual(levels, depth)
    }

    func test_parseSingle_throwsOnNestingDeeperThanTheLimit() {
        let depth = JSONReader.defaultMaxDepth + 1

        assertSyntaxError(String(repeating: "[", count: depth) + String(repeating: "]", count: depth))
        assertSyntaxError(String(repeating: "{\"a\":", count: depth) + "1" + String(repeating: "}", count: depth))
    }

    func test_parseSingle_honoursACustomDepthLimit() throws {
        XCTAssertEqual(try JSONReader.parseSingle(Array("[{\"a\":[]}]".utf8), maxDepth: 3),
                       .array([.object(JSONObject([("a", .array([]))]))]))
        XCTAssertThrowsError(try JSONReader.parseSingle(Array("[{\"a\":[[]]}]".utf8), maxDepth: 3))
        XCTAssertThrowsError(try JSONReader.parseSingle(Array("[[]]".utf8), maxDepth: 1))
    }

    func test_parseSingle_throwsASyntaxErrorInsteadOfCrashingOnHostileNesting() {
        let depth = 200_000
        let arrays = [UInt8](repeating: UInt8(ascii: "["), count: depth) + [UInt8](repeating: UInt8(ascii: "]"), count: depth)
        let objects = Array(String(repeating: "{\"k\":", count: depth).utf8)
        let unclosed = [UInt8](repeating: UInt8(ascii: "["), count: depth)

        for bytes in [arrays, objects, unclosed] {
            XCTAssertThrowsError(try JSONReader.parseSingle(bytes)) { error in
                XCTAssertTrue(error is JSONSyntaxError, "\(error)")
            }
        }
    }

    // MARK: - Streams

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

    // MARK: - Round trip

    func test_readerAndWriter_roundTripCompactTextByteForByte() throws {
        let texts = [
            #"{"items":[{"id":"2AB2AE66-A4B7-4A16-B374-51BBAC8DB086","description":"d","location":"l","url":"https://h/image-0"}]}"#,
            #"[1,2.50,1E+3,-0,true,false,null,"é😀\n\t\"\\\u001f",{},[],{"a":{"b":[[]]}}]"#,
            #"{"z":1,"a":2,"m":{"y":null,"b":"x"}}"#,
        ]
        for text in texts {
            XCTAssertEqual(String(decoding: JSONWriter().line(try parse(text)), as: UTF8.self), text + "\n")
        }
    }

    // MARK: - Helpers

    private func parse(_ text: String) throws -> JSON {
        try JSONReader.parseSingle(Array(text.utf8))
    }

    private func readAll(_ text: String) throws -> [JSON] {
        var reader = JSONReader(Array(text.utf8))
        var values: [JSON] = []
        while let value = try reader.next() { values.append(value) }
        return values
    }

    private func assertSyntaxError(_ text: String, file: StaticString = #filePath, line: UInt = #line) {
        assertSyntaxError(Array(text.utf8), text.debugDescription, file: file, line: line)
    }

    private func assertSyntaxError(_ bytes: [UInt8], _ message: String = "", file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try JSONReader.parseSingle(bytes), message, file: file, line: line) { error in
            XCTAssertTrue(error is JSONSyntaxError, "\(message): \(error)", file: file, line: line)
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
