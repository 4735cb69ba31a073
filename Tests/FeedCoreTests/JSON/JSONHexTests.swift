import XCTest
import FeedCore

/// JSON's hex digits, the one rule the reader, the scanners and the UUID
/// checks share: 0-9, a-f and A-F, nothing else of the 256 bytes.
final class JSONHexTests: XCTestCase {
    func test_value_isTheDigitsValue_forTheHexDigitsOnly() {
        for byte in UInt8.min...UInt8.max {
            let expected = byte < 0x80 ? Character(Unicode.Scalar(byte)).hexDigitValue.map(UInt8.init) : nil
            XCTAssertEqual(JSONHex.value(byte), expected, "byte \(byte)")
        }
    }

    func test_valueOfDigit_isTheDigitsValue_forEveryHexDigit() {
        for byte in UInt8.min...UInt8.max {
            guard let expected = JSONHex.value(byte) else { continue }
            XCTAssertEqual(JSONHex.value(ofDigit: byte), expected, "byte \(byte)")
        }
    }

    func test_unit_readsFourDigitsInEitherCase_andNoneThatIsNotOne() {
        func unit(_ text: String) -> UInt32? {
            Array(text.utf8).withUnsafeBufferPointer { JSONHex.unit($0.baseAddress!, 0) }
        }
        XCTAssertEqual(unit("00e9"), 0xE9)
        XCTAssertEqual(unit("D83D"), 0xD83D)
        XCTAssertEqual(unit("fFfF"), 0xFFFF)
        XCTAssertNil(unit("00g9"))
        XCTAssertNil(unit("-001"))
        XCTAssertNil(unit(" 001"))
    }
}
