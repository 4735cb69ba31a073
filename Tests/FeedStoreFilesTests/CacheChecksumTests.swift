import XCTest
import FeedTestSupport
import FeedCore
import FeedStoreFiles

final class CacheChecksumTests: XCTestCase {

    func test_of_shortInputsAreFNV1a64() {
        // Under eight bytes there is no whole word: the published FNV-1a 64 values.
        XCTAssertEqual(CacheChecksum.of([]), 0xcbf29ce484222325)
        XCTAssertEqual(CacheChecksum.of(Array("a".utf8)), 0xaf63dc4c8601ec8c)
        XCTAssertEqual(CacheChecksum.of(Array("foobar".utf8)), 0x85944171f73967e8)
    }

    func test_of_readsWholeWordsLittleEndianThenTheRest() {
        XCTAssertEqual(CacheChecksum.hex(CacheChecksum.of(Array("abcdefgh".utf8))), "3919eeb00ee1e68c")
        XCTAssertEqual(CacheChecksum.hex(CacheChecksum.of(Array("abcdefghi".utf8))), "e8f77a2949db571f")
        XCTAssertEqual(CacheChecksum.hex(CacheChecksum.of(Array("0123456789abcdefg".utf8))), "807d721569d01b36")
    }

    func test_of_handlesEveryLengthFromZeroToSeventeen() {
        var generator = SplitMix64(seed: 0x5eed)
        for length in 0...17 {
            let bytes = (0..<length).map { _ in generator.byte() }

            XCTAssertEqual(CacheChecksum.of(bytes), reference(bytes), "length \(length)")
        }
    }

    func test_of_doesNotNeedAlignedBytes() {
        var generator = SplitMix64(seed: 42)
        let bytes = (0..<40).map { _ in generator.byte() }
        for start in 0..<8 {
            for length in [0, 1, 7, 8, 9, 16, 17, 31] {
                let slice = Array(bytes[start..<(start + length)])
                let unaligned = bytes.withUnsafeBytes { raw in
                    CacheChecksum.of(UnsafeRawBufferPointer(rebasing: raw[start..<(start + length)]))
                }

                XCTAssertEqual(unaligned, CacheChecksum.of(slice), "start \(start), length \(length)")
            }
        }
    }

    func test_of_differsWhenAnyOneByteChanges() {
        var generator = SplitMix64(seed: 7)
        for length in 1...17 {
            let bytes = (0..<length).map { _ in generator.byte() }
            let original = CacheChecksum.of(bytes)
            for position in 0..<length {
                for flip: UInt8 in [0x01, 0x80, 0xFF] {
                    var changed = bytes
                    changed[position] ^= flip

                    XCTAssertNotEqual(CacheChecksum.of(changed), original, "length \(length), byte \(position), flip \(flip)")
                }
            }
        }
    }

    func test_of_differsWhenTwoBytesSwap() {
        let bytes = Array("0123456789abcdefg".utf8)
        var swapped = bytes
        swapped.swapAt(3, 12)

        XCTAssertNotEqual(CacheChecksum.of(swapped), CacheChecksum.of(bytes))
    }

    func test_hex_isSixteenLowerCaseDigits() {
        XCTAssertEqual(CacheChecksum.hex(0), "0000000000000000")
        XCTAssertEqual(CacheChecksum.hex(0xab), "00000000000000ab")
        XCTAssertEqual(CacheChecksum.hex(0xcbf29ce484222325), "cbf29ce484222325")
        XCTAssertEqual(CacheChecksum.hex(UInt64.max), "ffffffffffffffff")
    }

    // MARK: - Helpers

    /// The checksum as documented, written plainly: FNV-1a over
    /// little-endian 64-bit words, then the remaining bytes one at a time.
    private func reference(_ bytes: [UInt8]) -> UInt64 {
        var hash: UInt64 = 0xcbf29ce484222325
        let prime: UInt64 = 0x100000001b3
        let whole = bytes.count / 8 * 8
        var index = 0
        while index < whole {
            var word: UInt64 = 0
            for offset in 0..<8 { word |= UInt64(bytes[index + offset]) << (8 * UInt64(offset)) }
            hash = (hash ^ word) &* prime
            index += 8
        }
        for byte in bytes[whole...] { hash = (hash ^ UInt64(byte)) &* prime }
        return hash
    }
}
