import XCTest
import FeedCore

/// The escapes both ways: the writer's spelling of every byte it escapes is
/// taken as its own, and decodes back to the byte; every other spelling of
/// a byte (`\/`, `\u0022`, `\u000a`, upper-case hex, an escape of a byte the
/// writer writes as it is) is not the writer's.
final class JSONEscapesTests: XCTestCase {
    func test_theWritersSpellingOfEachEscapedByte_isTakenAsTheWriters_andReadsBackToIt() throws {
        for byte in UInt8(0)...0x7F where JSONStringBytes.isSpecial(byte) {
            var written: [UInt8] = []
            [byte].withUnsafeBufferPointer { JSONWriter.appendString(utf8: $0, to: &written) }
            let escape = Array(written.dropFirst().dropLast())
            XCTAssertEqual(length(escape), escape.count, "byte \(byte): \(String(decoding: escape, as: UTF8.self))")
            XCTAssertEqual(try JSONReader.parseSingle(written), .string(String(decoding: [byte], as: UTF8.self)))
        }
    }

    func test_everyOtherSpelling_isNotTheWriters() {
        let others = [#"\/"#, #"\u0022"#, #"\u005c"#, #"\u000a"#, #"\u000A"#, #"\u001F"#, #"\u0041"#, #"\u00e9"#, #"\u0009"#, #"\x"#, #"\u00"#, #"\"#]
        for other in others {
            XCTAssertNil(length(Array(other.utf8)), other)
        }
        XCTAssertEqual(length(Array(#"\u001f"#.utf8)), 6)
        XCTAssertEqual(length(Array(#"\n"#.utf8)), 2)
    }

    func test_decodedShort_isJSONsShortEscapes() {
        let expected: [Character: UInt8] = ["\"": 0x22, "\\": 0x5C, "/": 0x2F, "b": 0x08, "f": 0x0C, "n": 0x0A, "r": 0x0D, "t": 0x09]
        for letter in UInt8.min...UInt8.max {
            XCTAssertEqual(JSONEscapes.decodedShort(letter), letter < 0x80 ? expected[Character(Unicode.Scalar(letter))] : nil, "\(letter)")
        }
    }

    private func length(_ escape: [UInt8]) -> Int? {
        escape.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.flatMap { JSONEscapes.writersLength(at: $0, available: buffer.count) }
        }
    }
}
