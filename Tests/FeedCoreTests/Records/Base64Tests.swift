import FeedCore
import FeedTestSupport
import XCTest

final class Base64Tests: XCTestCase {
    func test_encode_writesRFC4648TestVectors() {
        let vectors = ["": "", "f": "Zg==", "fo": "Zm8=", "foo": "Zm9v", "foob": "Zm9vYg==", "fooba": "Zm9vYmE=", "foobar": "Zm9vYmFy"]
        for (plain, encoded) in vectors {
            XCTAssertEqual(Base64.encode(Array(plain.utf8)), encoded, plain)
            XCTAssertEqual(Base64.decode(encoded), Array(plain.utf8), encoded)
        }
    }

    func test_decode_rejectsWhatIsNotPaddedBase64() {
        for text in ["Zg", "Zg=", "Zm9", "Z===", "====", "Zg==Zg==", "Zm9v\n", "Zm 9v", "Zm9-", "Zm9_"] {
            XCTAssertNil(Base64.decode(text), text)
        }
    }

    // Found by fuzzing (Tests/FeedFuzzingTests/Crashes/response-record):
    // padded groups with unused bits set decoded, so two texts gave one body.
    func test_decode_rejectsPaddedGroupsWhoseUnusedBitsAreSet() {
        XCTAssertEqual(Base64.decode("QQ=="), [0x41])
        XCTAssertNil(Base64.decode("QR=="))
        XCTAssertEqual(Base64.decode("QUI="), [0x41, 0x42])
        XCTAssertNil(Base64.decode("QUJ="))
        XCTAssertNil(Base64.decode("ZZlimit="))
    }

    func test_decode_readsBackEveryEncodingOfSeededBytes() {
        var random = SplitMix64(seed: 64)
        for length in 0..<200 {
            let bytes = (0..<length).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            XCTAssertEqual(Base64.decode(Base64.encode(bytes)), bytes, "length \(length)")
        }
    }
}
