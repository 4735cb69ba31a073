import XCTest
import FeedCore

final class ISO8601Tests: XCTestCase {

    func test_parse_readsUTCWithZ() {
        XCTAssertEqual(ISO8601.parse("2020-05-20T11:24:59Z"), 1589973899)
        XCTAssertEqual(ISO8601.parse("1970-01-01T00:00:00Z"), 0)
        XCTAssertEqual(ISO8601.parse("2000-01-01T00:00:00Z"), 946684800)
    }

    func test_parse_readsEveryOffsetForm() {
        XCTAssertEqual(ISO8601.parse("2020-05-20T11:24:59+00:00"), 1589973899)
        XCTAssertEqual(ISO8601.parse("2020-05-20T11:24:59+0000"), 1589973899)
        XCTAssertEqual(ISO8601.parse("2020-05-20T11:24:59-00:00"), 1589973899)
        XCTAssertEqual(ISO8601.parse("2020-05-20T11:24:59-05:30"), 1589993699)
        XCTAssertEqual(ISO8601.parse("2020-05-20T11:24:59-0530"), 1589993699)
        XCTAssertEqual(ISO8601.parse("2020-05-20T16:54:59+05:30"), 1589973899)
        XCTAssertEqual(ISO8601.parse("2020-05-20T12:24:59+01"), 1589973899)
    }

    func test_parse_dropsFractionalSeconds() {
        XCTAssertEqual(ISO8601.parse("2020-05-20T11:24:59.0Z"), 1589973899)
        XCTAssertEqual(ISO8601.parse("2020-05-20T11:24:59.123Z"), 1589973899)
        XCTAssertEqual(ISO8601.parse("2020-05-20T11:24:59.999999999+00:00"), 1589973899)
        XCTAssertEqual(ISO8601.parse("2020-05-20T11:24:59,5Z"), 1589973899)
    }

    func test_parse_crossesDayMonthAndYearBoundariesWithTheOffset() {
        XCTAssertEqual(ISO8601.parse("2020-01-01T05:00:00+14:00"), 1577804400) // 2019-12-31T15:00:00Z
        XCTAssertEqual(ISO8601.parse("2019-12-31T23:30:00-01:00").map(ISO8601.format), "2020-01-01T00:30:00Z")
        XCTAssertEqual(ISO8601.parse("2020-03-01T00:30:00+01:00").map(ISO8601.format), "2020-02-29T23:30:00Z")
    }

    func test_parse_readsLeapDaysOnlyInLeapYears() {
        XCTAssertEqual(ISO8601.parse("2020-02-29T00:00:00Z"), 1582934400)
        XCTAssertNotNil(ISO8601.parse("2000-02-29T00:00:00Z"))
        XCTAssertNil(ISO8601.parse("2021-02-29T00:00:00Z"))
        XCTAssertNil(ISO8601.parse("1900-02-29T00:00:00Z"))
        XCTAssertNil(ISO8601.parse("2100-02-29T00:00:00Z"))
    }

    func test_parse_rejectsImpossibleDatesAndTimes() {
        for text in [
            "2020-13-01T00:00:00Z", "2020-00-01T00:00:00Z", "2020-01-00T00:00:00Z", "2020-01-32T00:00:00Z",
            "2020-02-30T00:00:00Z", "2020-04-31T00:00:00Z", "2020-06-31T00:00:00Z", "2020-09-31T00:00:00Z",
            "2020-11-31T00:00:00Z", "2020-05-20T24:00:00Z", "2020-05-20T11:60:00Z", "2020-05-20T11:24:60Z",
        ] {
            XCTAssertNil(ISO8601.parse(text), text)
        }
    }

    func test_parse_rejectsMissingOrMalformedOffset() {
        for text in [
            "2020-05-20T11:24:59", "2020-05-20T11:24:59.123", "2020-05-20T11:24:59+", "2020-05-20T11:24:59+5",
            "2020-05-20T11:24:59+5:30", "2020-05-20T11:24:59+05:3", "2020-05-20T11:24:59+05:", "2020-05-20T11:24:59+24:00",
            "2020-05-20T11:24:59+05:60", "2020-05-20T11:24:59 Z", "2020-05-20T11:24:59UTC", "2020-05-20T11:24:59GMT+1",
        ] {
            XCTAssertNil(ISO8601.parse(text), text)
        }
    }

    func test_parse_rejectsOtherShapes() {
        for text in [
            "", "2020", "2020-05-20", "2020-05-20T", "2020-05-20 11:24:59Z", "2020/05/20T11:24:59Z",
            "20200520T112459Z", "2020-5-20T11:24:59Z", "2020-05-20T1:24:59Z", "2020-05-20T11:24Z",
            "2020-05-20T11:24:59.Z", " 2020-05-20T11:24:59Z", "2020-05-20T11:24:59Z ", "2020-05-20T11:24:59ZZ",
            "+2020-05-20T11:24:59Z", "２０２０-05-20T11:24:59Z",
        ] {
            XCTAssertNil(ISO8601.parse(text), text)
        }
    }

    func test_format_writesUTCWithZToTheSecond() {
        XCTAssertEqual(ISO8601.format(1589973899), "2020-05-20T11:24:59Z")
        XCTAssertEqual(ISO8601.format(0), "1970-01-01T00:00:00Z")
        XCTAssertEqual(ISO8601.format(1582934400), "2020-02-29T00:00:00Z")
        XCTAssertEqual(ISO8601.format(253402300799), "9999-12-31T23:59:59Z")
    }

    func test_format_writesInstantsBeforeTheEpoch() {
        XCTAssertEqual(ISO8601.format(-1), "1969-12-31T23:59:59Z")
        XCTAssertEqual(ISO8601.format(-86400), "1969-12-31T00:00:00Z")
        XCTAssertEqual(ISO8601.format(-62135596800), "0001-01-01T00:00:00Z")
    }

    // Found by fuzzing (Tests/FeedFuzzingTests/Crashes/comments): an offset
    // moved these out of four-digit years in UTC, and they were written back
    // as '00-1-12-31T23:00:00Z' and '10000-01-01T00:59:59Z'.
    func test_parse_rejectsDatesWhoseUTCYearHasNoFourDigits() {
        XCTAssertNil(ISO8601.parse("0000-01-01T00:00:00+01:00"))
        XCTAssertNil(ISO8601.parse("9999-12-31T23:59:59-01:00"))
        XCTAssertEqual(ISO8601.parse("0000-01-01T00:00:00Z"), ISO8601.fourDigitYears.lowerBound)
        XCTAssertEqual(ISO8601.parse("9999-12-31T23:59:59Z"), ISO8601.fourDigitYears.upperBound)
        XCTAssertEqual(ISO8601.parse("0000-01-01T01:00:00+01:00"), ISO8601.fourDigitYears.lowerBound)
    }

    func test_format_writesYearsOutsideFourDigitsInTheExpandedForm() {
        XCTAssertEqual(ISO8601.format(ISO8601.fourDigitYears.lowerBound - 1), "-0001-12-31T23:59:59Z")
        XCTAssertEqual(ISO8601.format(ISO8601.fourDigitYears.upperBound + 1), "+10000-01-01T00:00:00Z")
    }

    func test_formatAndParse_roundTripOverManyInstants() {
        var seed: UInt64 = 0x2545F4914F6CDD1D
        for _ in 0..<2000 {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            // Any second from 0001-01-01T00:00:00Z to 9999-12-31T23:59:59Z.
            let seconds = Int64(seed >> 1) % (253402300800 + 62135596800) - 62135596800
            let text = ISO8601.format(seconds)

            XCTAssertEqual(ISO8601.parse(text), seconds, text)
        }
    }

    func test_parse_formatGivesTheSameInstantForEveryOffsetForm() {
        let forms = ["2020-05-20T06:24:59-05:00", "2020-05-20T11:24:59Z", "2020-05-20T11:24:59.75+00:00",
                     "2020-05-20T13:24:59+0200", "2020-05-21T00:24:59+13:00"]

        XCTAssertEqual(forms.compactMap(ISO8601.parse).map(ISO8601.format), Array(repeating: "2020-05-20T11:24:59Z", count: forms.count))
    }
}
