import XCTest
import FeedCore
import FeedStoreFiles

/// FIPS 180-4 / NIST test vectors, and the padding boundaries.
final class SHA256Tests: XCTestCase {

    func test_hex_ofTheEmptyMessage() {
        XCTAssertEqual(SHA256.hex([]), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }

    func test_hex_ofAbc() {
        XCTAssertEqual(SHA256.hex(Array("abc".utf8)), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    func test_hex_ofThe448BitMessage() {
        XCTAssertEqual(SHA256.hex(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)),
                       "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }

    func test_hex_ofThe896BitMessage() {
        XCTAssertEqual(SHA256.hex(Array("abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu".utf8)),
                       "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1")
    }

    func test_hex_ofOneMillionA() {
        XCTAssertEqual(SHA256.hex([UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)),
                       "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    func test_hex_atThePaddingBoundaries() {
        let expected: [(Int, String)] = [
            (55, "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318"),
            (56, "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a"),
            (57, "f13b2d724659eb3bf47f2dd6af1accc87b81f09f59f2b75e5c0bed6589dfe8c6"),
            (63, "7d3e74a05d7db15bce4ad9ec0658ea98e3f06eeecf16b4c6fff2da457ddc2f34"),
            (64, "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb"),
            (65, "635361c48bb9eab14198e76ea8ab7f1a41685d6ad62aa9146d301d4f17eb0ae0"),
            (119, "31eba51c313a5c08226adf18d4a359cfdfd8d2e816b13f4af952f7ea6584dcfb"),
            (120, "2f3d335432c70b580af0e8e1b3674a7c020d683aa5f73aaaedfdc55af904c21c"),
            (128, "6836cf13bac400e9105071cd6af47084dfacad4e5e302c94bfed24e013afb73e"),
        ]
        for (length, digest) in expected {
            XCTAssertEqual(SHA256.hex([UInt8](repeating: UInt8(ascii: "a"), count: length)), digest, "\(length) × 'a'")
        }
    }

    func test_hex_ofEveryByteValue() {
        XCTAssertEqual(SHA256.hex((0...255).map { UInt8($0) }), "40aff2e9d2d8922e47afd4648e6967497158785fbd1da870e7110266bf944880")
    }

    func test_hex_ofAUnicodeURL() {
        XCTAssertEqual(SHA256.hex(Array("https://h/☕".utf8)), "f3a831b48b5ed0e2864203da490fb95517f2a9020007fb0b7cbf3cbb06f1972a")
    }

    func test_hash_isThirtyTwoBytesMatchingTheHex() {
        let digest = SHA256.hash(Array("abc".utf8))

        XCTAssertEqual(digest.count, 32)
        XCTAssertEqual(digest.prefix(4), [0xba, 0x78, 0x16, 0xbf])
        XCTAssertEqual(digest.suffix(4), [0xf2, 0x00, 0x15, 0xad])
    }
}
