import FeedCore
import XCTest

final class IdentifiersTests: XCTestCase {
    func test_isUUID_agreesWithCheckedUUID_onMutationsOfEveryByte() {
        let valid = "2ab2AE66-a4b7-4A16-B374-51bbac8db086"
        XCTAssertTrue(check(valid))
        let replacements: [UInt8] = [0x2D, 0x30, 0x39, 0x3A, 0x40, 0x41, 0x46, 0x47, 0x60, 0x61, 0x66, 0x67, 0x2F, 0x20, 0x00, 0x7F, 0x80, 0xC3, 0xFF]
        var checked = 0
        for position in 0..<36 {
            for replacement in replacements {
                var bytes = Array(valid.utf8)
                bytes[position] = replacement
                let expected = String(validating: bytes, as: UTF8.self).flatMap(Identifiers.checkedUUID) != nil
                XCTAssertEqual(bytes.withUnsafeBufferPointer(Identifiers.isUUID), expected, "byte \(position) = \(replacement)")
                checked += 1
            }
        }
        XCTAssertEqual(checked, 36 * replacements.count)
    }

    func test_isUUID_rejectsOtherLengths() {
        for text in ["", "2ab2ae66-a4b7-4a16-b374-51bbac8db08", "2ab2ae66-a4b7-4a16-b374-51bbac8db0867", "{2ab2ae66-a4b7-4a16-b374-51bbac8db086}"] {
            XCTAssertFalse(check(text), text)
        }
    }

    func test_isAbsoluteURL() {
        for url in ["https://h", "http://127.0.0.1:8080/a?b#c", "a+b.c-d://host/path", "https://ünïcode.example/ü"] {
            XCTAssertTrue(Identifiers.isAbsoluteURL(url), url)
        }
        for url in ["", "/relative", "h", "https:/h", "https://", "https:///path", "https://?q", "1http://h", "https://h/a b", "https://h/\u{7F}", "https://h/\t"] {
            XCTAssertFalse(Identifiers.isAbsoluteURL(url), url)
        }
    }

    /// The host and path are checked eight bytes at a time, then byte by
    /// byte: a space, a control character or DEL anywhere in a long URL is
    /// found, and any other byte (UTF-8 included) is let through.
    func test_isAbsoluteURL_findsABadByteAtEveryPositionOfALongURL() {
        let valid = Array("https://images.example/v1/image-0123456789.jpg".utf8)
        XCTAssertTrue(valid.withUnsafeBufferPointer(Identifiers.isAbsoluteURL))
        let bad: [UInt8] = [0x00, 0x01, 0x09, 0x0A, 0x1F, 0x20, 0x7F]
        let fine: [UInt8] = [0x21, 0x7E, 0x41, 0x2F]
        for position in 9..<valid.count { // after "https://" and the host's first byte
            for byte in bad + fine {
                var bytes = valid
                bytes[position] = byte
                XCTAssertEqual(bytes.withUnsafeBufferPointer(Identifiers.isAbsoluteURL), !bad.contains(byte), "byte \(position) = \(byte)")
            }
            var accented = valid
            accented.replaceSubrange(position..<(position + 1), with: [0xC3, 0xA9]) // é
            XCTAssertTrue(accented.withUnsafeBufferPointer(Identifiers.isAbsoluteURL), "é at \(position)")
        }
    }

    private func check(_ text: String) -> Bool {
        Array(text.utf8).withUnsafeBufferPointer(Identifiers.isUUID)
    }
}
