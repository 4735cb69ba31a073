import XCTest
import FeedCore

/// `JSONReader` on scalar values: literals, numbers and strings.
final class JSONReaderValueTests: XCTestCase, JSONReaderTesting {

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
}
