import XCTest
import FeedCore
import FeedCommands

final class QuantitiesTests: XCTestCase {

    // MARK: - Durations

    func test_duration_readsEachUnit() {
        XCTAssertEqual(Quantities.duration("90s"), 90)
        XCTAssertEqual(Quantities.duration("15m"), 15 * 60)
        XCTAssertEqual(Quantities.duration("36h"), 36 * 3600)
        XCTAssertEqual(Quantities.duration("7d"), 7 * 86400)
        XCTAssertEqual(Quantities.duration("0s"), 0)
        XCTAssertEqual(Quantities.duration("007d"), 7 * 86400)
    }

    func test_duration_sumsSeveralUnits() {
        XCTAssertEqual(Quantities.duration("1d12h"), 86400 + 12 * 3600)
        XCTAssertEqual(Quantities.duration("1h30m15s"), 3600 + 30 * 60 + 15)
    }

    func test_duration_isNilForABareNumber() {
        XCTAssertNil(Quantities.duration("90"))
        XCTAssertNil(Quantities.duration("0"))
        XCTAssertNil(Quantities.duration("1d12"))
    }

    func test_duration_isNilForEmptyOrUnitOnlyText() {
        XCTAssertNil(Quantities.duration(""))
        XCTAssertNil(Quantities.duration("d"))
        XCTAssertNil(Quantities.duration("1dh"))
    }

    func test_duration_isNilForUnknownUnitsSignsAndSeparators() {
        for text in ["5w", "1y", "10ms", "5 s", " 5s", "5s ", "1d 12h", "-5s", "+5s", "1.5h", "5sec", "5min", "１s", "1_000s", "5S", "PT5S"] {
            XCTAssertNil(Quantities.duration(text), text)
        }
    }

    func test_duration_isNilOnOverflow() {
        XCTAssertNil(Quantities.duration("99999999999999999999s"))
        XCTAssertNil(Quantities.duration("9223372036854775807d"))
        XCTAssertNil(Quantities.duration("106751991167301d"))
        XCTAssertNil(Quantities.duration("9223372036854775807s1s"))
        XCTAssertEqual(Quantities.duration("9223372036854775807s"), Int64.max)
        XCTAssertEqual(Quantities.duration("106751991167300d"), 106751991167300 * 86400)
    }

    // MARK: - Byte counts

    func test_byteCount_readsPlainNumbers() {
        XCTAssertEqual(Quantities.byteCount("0"), 0)
        XCTAssertEqual(Quantities.byteCount("1048576"), 1048576)
    }

    func test_byteCount_readsBinarySuffixesInEitherCase() {
        XCTAssertEqual(Quantities.byteCount("512K"), 512 * 1024)
        XCTAssertEqual(Quantities.byteCount("1k"), 1024)
        XCTAssertEqual(Quantities.byteCount("64M"), 64 * 1024 * 1024)
        XCTAssertEqual(Quantities.byteCount("2m"), 2 * 1024 * 1024)
        XCTAssertEqual(Quantities.byteCount("1G"), 1 << 30)
        XCTAssertEqual(Quantities.byteCount("3g"), 3 << 30)
    }

    func test_byteCount_isNilForMalformedText() {
        for text in ["", "K", "M", "12X", "12KB", "1.5M", "-1", "+1", " 1", "1 ", "1 K", "one", "１K", "1T", "0x10"] {
            XCTAssertNil(Quantities.byteCount(text), text)
        }
    }

    func test_byteCount_isNilOnOverflow() {
        XCTAssertNil(Quantities.byteCount("99999999999999999999"))
        XCTAssertNil(Quantities.byteCount("9223372036854775807K"))
        XCTAssertNil(Quantities.byteCount("8589934592G"))
        XCTAssertEqual(Quantities.byteCount("9223372036854775807"), Int.max)
    }

    // MARK: - Seconds

    func test_seconds_readsPositiveDecimals() {
        XCTAssertEqual(Quantities.seconds("5"), 5)
        XCTAssertEqual(Quantities.seconds("0.5"), 0.5)
        XCTAssertEqual(Quantities.seconds("30"), 30)
        XCTAssertEqual(Quantities.seconds(".25"), 0.25)
    }

    func test_seconds_isNilForZeroNegativeOrMalformedText() {
        for text in ["", "0", "0.0", "-1", "+1", "abc", "1e3", "inf", "nan", ".", "1.2.3", "5s", " 5", "１"] {
            XCTAssertNil(Quantities.seconds(text), text)
        }
    }

    // The max age a message names (FeedCachePolicy.describe) is one --max-age takes back.
    func test_describe_isReadBackAsTheSameDuration() {
        for seconds: Int64 in [1, 59, 60, 61, 3599, 3600, 86399, 86400, 129_600, 604_800, 31_536_000] {
            XCTAssertEqual(Quantities.duration(FeedCachePolicy.describe(seconds)), seconds, "\(seconds)")
        }
    }
}
