import XCTest
import FeedCore

/// `JSONReader` on arrays and objects: key order, repeated keys, the depth limit, and the round trip with `JSONWriter`.
final class JSONReaderContainerTests: XCTestCase, JSONReaderTesting {

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
}
