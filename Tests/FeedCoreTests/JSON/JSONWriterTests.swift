import XCTest
import FeedCore

final class JSONWriterTests: XCTestCase {

    func test_line_writesScalarsEndingInANewline() {
        XCTAssertEqual(compact(.null), "null\n")
        XCTAssertEqual(compact(.bool(true)), "true\n")
        XCTAssertEqual(compact(.bool(false)), "false\n")
        XCTAssertEqual(compact(.string("")), "\"\"\n")
        XCTAssertEqual(compact(.string("a")), "\"a\"\n")
    }

    func test_line_writesNumbersWithTheirExactText() {
        for text in ["0", "-0", "2.50", "1E+3", "1e-7", "123456789012345678901234567890", "1E+400"] {
            XCTAssertEqual(compact(.number(text)), text + "\n")
        }
    }

    func test_line_writesCompactContainersOnOneLineInMemberOrder() {
        let value = JSON.object(JSONObject([
            ("z", .array([.number("1"), .bool(true), .null, .string("x")])),
            ("a", .object(JSONObject())),
            ("m", .array([])),
            ("b", .object(JSONObject([("k", .array([.array([])]))]))),
        ]))

        XCTAssertEqual(compact(value), #"{"z":[1,true,null,"x"],"a":{},"m":[],"b":{"k":[[]]}}"# + "\n")
    }

    func test_line_writesPrettyContainersWithTwoSpaceIndent() {
        let value = JSON.object(JSONObject([
            ("items", .array([
                .object(JSONObject([("id", .string("1")), ("tags", .array([.string("a"), .number("2")]))])),
                .object(JSONObject()),
            ])),
            ("empty", .array([])),
            ("n", .null),
        ]))

        XCTAssertEqual(pretty(value), """
        {
          "items": [
            {
              "id": "1",
              "tags": [
                "a",
                2
              ]
            },
            {}
          ],
          "empty": [],
          "n": null
        }

        """)
    }

    func test_line_writesPrettyScalarsAndEmptyContainersLikeCompact() {
        for value in [JSON.null, .number("1.50"), .string("a/b"), .array([]), .object(JSONObject())] {
            XCTAssertEqual(pretty(value), compact(value))
        }
    }

    func test_line_escapesQuoteBackslashAndControlCharacters() {
        XCTAssertEqual(compact(.string("\"")), #""\"""# + "\n")
        XCTAssertEqual(compact(.string("\\")), #""\\""# + "\n")
        XCTAssertEqual(compact(.string("\n")), #""\n""# + "\n")
        XCTAssertEqual(compact(.string("\r")), #""\r""# + "\n")
        XCTAssertEqual(compact(.string("\t")), #""\t""# + "\n")
        XCTAssertEqual(compact(.string("\u{08}")), #""\b""# + "\n")
        XCTAssertEqual(compact(.string("\u{0C}")), #""\f""# + "\n")
        XCTAssertEqual(compact(.string("\u{0}")), #""\u0000""# + "\n")
        XCTAssertEqual(compact(.string("\u{01}")), #""\u0001""# + "\n")
        XCTAssertEqual(compact(.string("\u{1B}")), #""\u001b""# + "\n")
        XCTAssertEqual(compact(.string("\u{1F}")), #""\u001f""# + "\n")
        XCTAssertEqual(compact(.string("a\"b\\c\nd\u{1F}e")), #""a\"b\\c\nd\u001fe""# + "\n")
    }

    func test_line_escapesEveryControlCharacterAndNothingElseInASCII() {
        for scalar in (0x00...0x7F).compactMap(Unicode.Scalar.init) {
            let written = compact(.string(String(Character(scalar))))
            let inner = String(written.dropFirst().dropLast(2))
            if scalar.value < 0x20 || scalar == "\"" || scalar == "\\" {
                XCTAssertTrue(inner.hasPrefix("\\"), "U+\(String(scalar.value, radix: 16)) written as \(inner)")
                XCTAssertFalse(inner.unicodeScalars.contains { $0.value < 0x20 }, "U+\(String(scalar.value, radix: 16))")
            } else {
                XCTAssertEqual(inner, String(Character(scalar)), "U+\(String(scalar.value, radix: 16))")
            }
        }
    }

    func test_line_neverEscapesSlashes() {
        XCTAssertEqual(compact(.string("https://h/v1/feed?a=b/c")), "\"https://h/v1/feed?a=b/c\"\n")
        XCTAssertEqual(compact(.object(JSONObject([("a/b", .string("/"))]))), "{\"a/b\":\"/\"}\n")
    }

    func test_line_writesNonASCIIAsUTF8() {
        let text = "café ☕ 😀 日本 \u{7F} \u{2028} \u{FEFF}"

        XCTAssertEqual(JSONWriter().line(.string(text)), [0x22] + Array(text.utf8) + [0x22, 0x0A])
    }

    func test_line_escapesKeysLikeValues() {
        XCTAssertEqual(compact(.object(JSONObject([("a\"\n", .null)]))), #"{"a\"\n":null}"# + "\n")
    }

    func test_appendString_appendsAQuotedEscapedString() {
        var out: [UInt8] = Array("x=".utf8)

        JSONWriter.appendString("a\tb/é", to: &out)

        XCTAssertEqual(String(decoding: out, as: UTF8.self), #"x="a\tb/é""#)
    }

    func test_writerOutput_roundTripsThroughTheReaderInBothStyles() throws {
        let value = JSON.object(JSONObject([
            ("string", .string("\"q\" \\ / \n\r\t\u{0}\u{1F} é 😀")),
            ("numbers", .array(["0", "-1", "2.50", "1E+3", "1e-3", "99999999999999999999"].map(JSON.number))),
            ("literals", .array([.bool(true), .bool(false), .null])),
            ("nested", .object(JSONObject([("a", .array([.object(JSONObject([("b", .array([]))]))])), ("", .object(JSONObject()))]))),
        ]))

        for style in [JSONWriter.Style.compact, .pretty] {
            let bytes = JSONWriter(style: style).line(value)

            XCTAssertEqual(try JSONReader.parseSingle(bytes), value, "\(style)")
        }
    }

    func test_compactOutput_isOneLine() {
        let value = JSON.array([.string("a\nb"), .object(JSONObject([("k", .string("\r\n"))]))])

        let bytes = JSONWriter().line(value)

        XCTAssertEqual(bytes.filter { $0 == 0x0A || $0 == 0x0D }, [0x0A])
        XCTAssertEqual(bytes.last, 0x0A)
    }

    func test_append_continuesAtTheGivenIndent() {
        var out: [UInt8] = []

        JSONWriter(style: .pretty).append(.array([.null]), to: &out, indent: 1)

        XCTAssertEqual(String(decoding: out, as: UTF8.self), "[\n    null\n  ]")
    }

    // MARK: - Helpers

    private func compact(_ value: JSON) -> String {
        String(decoding: JSONWriter(style: .compact).line(value), as: UTF8.self)
    }

    private func pretty(_ value: JSON) -> String {
        String(decoding: JSONWriter(style: .pretty).line(value), as: UTF8.self)
    }
}
