import XCTest
import FeedCore
import FeedPresentation

final class RelativeDateTests: XCTestCase {

    func test_describe_isJustNowForTheSameInstant() {
        XCTAssertEqual(RelativeDate.describe(now, relativeTo: now), "just now")
    }

    func test_describe_countsSecondsSingularAndPlural() {
        XCTAssertEqual(describe(secondsAgo: 1), "1 second ago")
        XCTAssertEqual(describe(secondsAgo: 2), "2 seconds ago")
        XCTAssertEqual(describe(secondsAgo: 59), "59 seconds ago")
    }

    func test_describe_countsWholeMinutes() {
        XCTAssertEqual(describe(secondsAgo: 60), "1 minute ago")
        XCTAssertEqual(describe(secondsAgo: 119), "1 minute ago")
        XCTAssertEqual(describe(secondsAgo: 120), "2 minutes ago")
        XCTAssertEqual(describe(secondsAgo: 5 * 60), "5 minutes ago")
        XCTAssertEqual(describe(secondsAgo: 3599), "59 minutes ago")
    }

    func test_describe_countsWholeHours() {
        XCTAssertEqual(describe(secondsAgo: 3600), "1 hour ago")
        XCTAssertEqual(describe(secondsAgo: 2 * 3600 - 1), "1 hour ago")
        XCTAssertEqual(describe(secondsAgo: 2 * 3600), "2 hours ago")
        XCTAssertEqual(describe(secondsAgo: 86399), "23 hours ago")
    }

    func test_describe_countsWholeDays() {
        XCTAssertEqual(describe(secondsAgo: day), "1 day ago")
        XCTAssertEqual(describe(secondsAgo: 3 * day), "3 days ago")
        XCTAssertEqual(describe(secondsAgo: 7 * day - 1), "6 days ago")
    }

    func test_describe_countsWholeWeeksUnderAMonth() {
        XCTAssertEqual(describe(secondsAgo: 7 * day), "1 week ago")
        XCTAssertEqual(describe(secondsAgo: 13 * day), "1 week ago")
        XCTAssertEqual(describe(secondsAgo: 14 * day), "2 weeks ago")
        // 2020-04-21 to 2020-05-20 is 29 days: not yet a calendar month.
        XCTAssertEqual(describe("2020-04-21T11:24:59Z"), "4 weeks ago")
    }

    func test_describe_countsCalendarMonths() {
        XCTAssertEqual(describe("2020-04-20T11:24:59Z"), "1 month ago")
        XCTAssertEqual(describe("2020-04-20T11:25:00Z"), "4 weeks ago")
        XCTAssertEqual(describe("2020-03-20T11:24:59Z"), "2 months ago")
        XCTAssertEqual(describe("2019-06-20T11:24:59Z"), "11 months ago")
    }

    func test_describe_countsCalendarYears() {
        XCTAssertEqual(describe("2019-05-20T11:24:59Z"), "1 year ago")
        XCTAssertEqual(describe("2018-05-21T11:24:59Z"), "1 year ago")
        XCTAssertEqual(describe("2018-05-20T11:24:59Z"), "2 years ago")
        XCTAssertEqual(describe("2000-01-01T00:00:00Z"), "20 years ago")
    }

    func test_describe_saysInForTheFuture() {
        XCTAssertEqual(describe(secondsAgo: -1), "in 1 second")
        XCTAssertEqual(describe(secondsAgo: -30), "in 30 seconds")
        XCTAssertEqual(describe(secondsAgo: -60), "in 1 minute")
        XCTAssertEqual(describe(secondsAgo: -2 * 3600), "in 2 hours")
        XCTAssertEqual(describe(secondsAgo: -3 * day), "in 3 days")
        XCTAssertEqual(describe(secondsAgo: -7 * day), "in 1 week")
        XCTAssertEqual(describe("2020-06-20T11:24:59Z"), "in 1 month")
        XCTAssertEqual(describe("2020-09-20T11:24:59Z"), "in 4 months")
        XCTAssertEqual(describe("2021-05-20T11:24:59Z"), "in 1 year")
        XCTAssertEqual(describe("2025-05-20T11:24:59Z"), "in 5 years")
    }

    // MARK: - Helpers

    private let now: Int64 = 1589973899 // 2020-05-20T11:24:59Z
    private let day: Int64 = 86400

    private func describe(secondsAgo: Int64) -> String {
        RelativeDate.describe(now - secondsAgo, relativeTo: now)
    }

    private func describe(_ iso: String, file: StaticString = #filePath, line: UInt = #line) -> String {
        guard let date = ISO8601.parse(iso) else {
            XCTFail("bad fixture \(iso)", file: file, line: line)
            return ""
        }
        return RelativeDate.describe(date, relativeTo: now)
    }
}
