import XCTest
import FeedTestSupport
import Foundation
@testable import FeedFastPath
@testable import FeedCore

/// Known differences from Foundation on Linux: the product stays strict
/// where Foundation is lenient, and the differential tests leave those
/// inputs out (`FoundationCorner`), narrowly.
final class JSONReaderKnownDifferenceTests: XCTestCase, JSONReaderDifferentialTesting {

    /// Foundation on Linux accepts a trailing comma (`[1,]`, `{"a":1,}`, `[1 , ]`);
    /// RFC 8259 has no such production, and the product rejects it. The
    /// differential tests leave such inputs out (`FoundationCorner.trailingComma`).
    func test_knownDifference_trailingCommasAreRejected() {
        for text in ["[1,]", "[1 , ]", "[1,\n]", #"{"a":1,}"#, #"{"a":[1,],}"#, #"{"a":1 ,  }"#, "[[],]"] {
            let bytes = Array(text.utf8)
            XCTAssertThrowsError(try JSONReader.parseSingle(bytes), text)
            XCTAssertFalse(Self.scannerAccepts(bytes), text)
        }
    }

    /// Foundation on Linux detects the encoding of its input: it skips a UTF-8
    /// byte order mark and reads text with a NUL among its first bytes, or with a
    /// UTF-16/32 byte order mark, as UTF-16 or UTF-32 (`31 00` is the number 1).
    /// RFC 8259 §8.1: JSON text exchanged between systems MUST be UTF-8, with no
    /// BOM added (a parser MAY ignore one). The product reads UTF-8 only and
    /// rejects a BOM and any NUL byte outside a string escape. The differential
    /// tests leave such inputs out (`FoundationCorner.encodingDetection`).
    func test_knownDifference_onlyUTF8WithoutByteOrderMarkIsRead() {
        let inputs: [[UInt8]] = [
            [0xEF, 0xBB, 0xBF, 0x31],             // UTF-8 BOM + 1
            [0xEF, 0xBB, 0xBF, 0x7B, 0x7D],       // UTF-8 BOM + {}
            [0xEF, 0xBB, 0xBF, 0x20, 0x31],       // UTF-8 BOM + white space + 1
            [0x31, 0x00],                         // "1" in UTF-16LE
            [0x00, 0x31],                         // "1" in UTF-16BE
            [0x22, 0x00, 0x22, 0x00],             // "" in UTF-16LE
            [0xFF, 0xFE, 0x31, 0x00],             // UTF-16LE BOM + "1"
            [0xFE, 0xFF, 0x00, 0x31],             // UTF-16BE BOM + "1"
            [0x00, 0x00, 0x00, 0x31],             // "1" in UTF-32BE
            [0x31, 0x00, 0x00, 0x00],             // "1" in UTF-32LE
        ]
        for bytes in inputs {
            XCTAssertThrowsError(try JSONReader.parseSingle(bytes), "\(bytes)")
            XCTAssertFalse(Self.scannerAccepts(bytes), "\(bytes)")
            XCTAssertNotNil(FoundationCorner.reason(bytes), "the corner filter must know \(bytes)")
        }
    }

    /// Foundation on Linux rejects a number that overflows a Double ("Number
    /// 1e400 is not representable in Swift") and reads integers beyond 64 bits
    /// as NSDecimalNumber. RFC 8259 §6 sets no limit; the product keeps every
    /// number's exact text, so a value passes through unchanged. The
    /// differential tests leave such numbers out (`FoundationCorner.numberBeyondDouble`).
    func test_knownDifference_numbersBeyondDoubleKeepTheirText() throws {
        for text in ["1e400", "-1e400", "2e308", "1E+99999", "123456789012345678901234567890", "-9223372036854775809"] {
            XCTAssertEqual(try JSONReader.parseSingle(Array(text.utf8)), .number(text))
            XCTAssertEqual(try JSONReader.parseSingle(Array("[\(text)]".utf8)), .array([.number(text)]))
            XCTAssertTrue(Self.scannerAccepts(Array(text.utf8)), text)
            XCTAssertNotNil(FoundationCorner.reason(Array(text.utf8)), "the corner filter must know \(text)")
        }
    }

    /// Foundation on Linux reads a number written in 18 or more characters up
    /// to several ulps off the correctly rounded Double ("566136936944.776038"
    /// gives 566136936944.7761; shorter texts are read exactly). The product
    /// keeps the exact text, and reading that text gives the correctly rounded
    /// value. The differential tests generate numbers of at most 17 characters
    /// and compare longer ones (from mutations) within 16 ulps
    /// (`FoundationCorner.longNumber`).
    func test_knownDifference_longNumbersAreReadExactly() throws {
        let cases: [(text: String, nearest: Double)] = [
            ("566136936944.776038", 566136936944.776),
            ("-85983403222.07293", -85983403222.07294),
            ("538111539858780.277E+20", 5.381115398587803e+34),
            ("3453.1589462039379", 3453.158946203938),
        ]
        for (text, nearest) in cases {
            XCTAssertEqual(try JSONReader.parseSingle(Array(text.utf8)), .number(text))
            XCTAssertEqual(Double(text), nearest, text)
            XCTAssertTrue(FoundationCorner.longNumber(Array(text.utf8)), text)
        }
        XCTAssertFalse(FoundationCorner.longNumber(Array(#"[1234567890123456, -0.0012345678e-9, "123456789012345678"]"#.utf8)))
    }

    /// Foundation reads an object into a `[String: Any]`, whose keys compare by
    /// canonical equivalence: "\u{E9}" and "e\u{301}" are one key there (the
    /// last value wins). RFC 8259 §8.3: names compare code unit by code unit.
    /// The product keeps them as two keys, in order, and writes them back
    /// unchanged (a cached feed item keeps all its keys); a key repeated with
    /// the same bytes, however it is escaped, is one key whose last value wins.
    /// The generator's key pool holds no two canonically equivalent keys.
    func test_knownDifference_keysCompareByCodeUnits() throws {
        let composed = "\u{E9}", decomposed = "e\u{301}"
        let text = "{\"\(composed)\":1,\"\(decomposed)\":2}"
        let value = try JSONReader.parseSingle(Array(text.utf8))
        let members = try XCTUnwrap(value.objectValue).members
        XCTAssertEqual(members.map { Array($0.key.utf8) }, [[0xC3, 0xA9], [0x65, 0xCC, 0x81]])
        XCTAssertEqual(members.map(\.value), [.number("1"), .number("2")])
        XCTAssertEqual(JSONWriter().line(value), Array(text.utf8) + [0x0A])
        XCTAssertTrue(Self.scannerAccepts(Array(text.utf8)))

        let escaped = try JSONReader.parseSingle(Array(#"{"é":1,"\u00e9":2,"e\u0301":3,"\u0065\u0301":4}"#.utf8))
        XCTAssertEqual(try XCTUnwrap(escaped.objectValue).members.map { Array($0.key.utf8) }, [[0xC3, 0xA9], [0x65, 0xCC, 0x81]])
        XCTAssertEqual(try XCTUnwrap(escaped.objectValue).members.map(\.value), [.number("2"), .number("4")])

        // The same past 16 members, where the reader looks keys up in a table.
        let filler = (0..<20).map { "\"k\($0)\":0," }.joined()
        let large = try JSONReader.parseSingle(Array("{\(filler)\"\(composed)\":1,\"\(decomposed)\":2,\"\\u00E9\":3,\"k0\":5}".utf8))
        let largeMembers = try XCTUnwrap(large.objectValue).members
        XCTAssertEqual(largeMembers.count, 22)
        XCTAssertEqual(largeMembers[0].value, .number("5"))
        XCTAssertEqual(Array(largeMembers[20].key.utf8), [0xC3, 0xA9])
        XCTAssertEqual(largeMembers[20].value, .number("3"))
        XCTAssertEqual(Array(largeMembers[21].key.utf8), [0x65, 0xCC, 0x81])
        XCTAssertEqual(largeMembers[21].value, .number("2"))
    }

    /// The corner filter is narrow: it does not fire on ordinary valid text.
    func test_cornerFilter_leavesOrdinaryTextAlone() {
        for text in [#"{"a":[1,2],"b":"x,]"}"#, #"[1, 2]"#, #""[1,]""#, "1e300", "-12345678901234567", "0.5e-10", #"{"k":",}"}"#] {
            XCTAssertNil(FoundationCorner.reason(Array(text.utf8)), text)
        }
    }
}
