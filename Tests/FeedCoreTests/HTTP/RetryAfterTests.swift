import XCTest
import FeedCore

final class RetryAfterTests: XCTestCase {
    /// Sun, 06 Nov 1994 08:49:37 GMT, the RFC's example.
    private let example = Timestamp(seconds: ISO8601.parse("1994-11-06T08:49:37Z")!)

    func test_parse_readsDelaySeconds() {
        XCTAssertEqual(RetryAfter.parse("120", now: example), 120)
        XCTAssertEqual(RetryAfter.parse("0", now: example), 0)
        XCTAssertEqual(RetryAfter.parse("007", now: example), 7)
        XCTAssertEqual(RetryAfter.parse(" \t1 ", now: example), 1)
    }

    func test_parse_readsEachFormOfHTTPDateRelativeToNow() {
        let now = example.adding(seconds: -10)
        for date in ["Sun, 06 Nov 1994 08:49:37 GMT", "Sunday, 06-Nov-94 08:49:37 GMT", "Sun Nov  6 08:49:37 1994", "  Sun, 06 Nov 1994 08:49:37 GMT "] {
            XCTAssertEqual(RetryAfter.parse(date, now: now), 10, date)
        }
        XCTAssertEqual(RetryAfter.parse("Wed Nov 16 08:49:37 1994", now: now), 10 * 86400 + 10)
    }

    func test_parse_countsTheNanosecondsOfNow() {
        let now = Timestamp(seconds: example.seconds - 10, nanoseconds: 250_000_000)

        XCTAssertEqual(RetryAfter.parse("Sun, 06 Nov 1994 08:49:37 GMT", now: now), 9.75)
    }

    func test_parse_takesADateAlreadyPastAsNoWait() {
        let now = example.adding(seconds: 100)
        for date in ["Sun, 06 Nov 1994 08:49:37 GMT", "Sunday, 06-Nov-94 08:49:37 GMT", "Sun Nov  6 08:49:37 1994", "Thu, 01 Jan 1970 00:00:00 GMT"] {
            XCTAssertEqual(RetryAfter.parse(date, now: now), 0, date)
        }
        XCTAssertEqual(RetryAfter.parse("Sun, 06 Nov 1994 08:49:37 GMT", now: example), 0)
    }

    func test_parse_takesATwoDigitYearAsTheRFCSays() {
        let now = Timestamp(seconds: ISO8601.parse("2024-06-01T00:00:00Z")!)
        let in2074 = Double(ISO8601.parse("2074-01-01T00:00:00Z")! - now.seconds)

        XCTAssertEqual(RetryAfter.parse("Monday, 01-Jan-74 00:00:00 GMT", now: now), in2074, "50 years ahead at most: this century")
        XCTAssertEqual(RetryAfter.parse("Wednesday, 01-Jan-75 00:00:00 GMT", now: now), 0, "more than 50 years ahead: 1975")
        XCTAssertEqual(RetryAfter.parse("Saturday, 01-Jun-24 00:01:00 GMT", now: now), 60)
    }

    func test_parse_readsLeapDaysAndLeapSeconds() {
        let now = Timestamp(seconds: ISO8601.parse("2020-02-29T23:59:00Z")!)

        XCTAssertEqual(RetryAfter.parse("Sat, 29 Feb 2020 23:59:30 GMT", now: now), 30)
        XCTAssertEqual(RetryAfter.parse("Sat, 29 Feb 2020 23:59:60 GMT", now: now), 60)
        XCTAssertNil(RetryAfter.parse("Fri, 29 Feb 2019 23:59:30 GMT", now: now))
    }

    func test_parse_rejectsAnythingElse() {
        let garbage = [
            "", "   ", "soon", "-1", "+5", "1.5", "1e3", "12 s", "0x10", "１２",
            "Sun, 06 Nov 1994 08:49:37 UTC", "Sun, 06 Nov 1994 08:49:37", "Sun, 06 Nov 1994 08:49:37 GMT x",
            "sun, 06 Nov 1994 08:49:37 GMT", "Sun, 06 nov 1994 08:49:37 GMT", "Sun,06 Nov 1994 08:49:37 GMT",
            "Sun, 6 Nov 1994 08:49:37 GMT", "Sun, 06 Nov 94 08:49:37 GMT", "Sun, 31 Nov 1994 08:49:37 GMT",
            "Sun, 00 Nov 1994 08:49:37 GMT", "Sun, 06 Nov 1994 24:00:00 GMT", "Sun, 06 Nov 1994 08:60:00 GMT",
            "Sun, 06 Nov 1994 08:49:61 GMT", "Sun, 06 Nov 1994 8:49:37 GMT", "Sunday, 06-Nov-1994 08:49:37 GMT",
            "Sun, 06-Nov-94 08:49:37 GMT", "Sun Nov 6 08:49:37 1994", "Sun Nov  6 08:49:37 94", "2024-06-01T00:00:00Z",
        ]
        for value in garbage {
            XCTAssertNil(RetryAfter.parse(value, now: example), value.debugDescription)
        }
    }

    func test_parse_leavesTheCapToThePolicy() {
        XCTAssertEqual(RetryAfter.parse("3600", now: example), 3600)
        XCTAssertGreaterThan(RetryAfter.parse(String(repeating: "9", count: 400), now: example) ?? 0, 1e300)
    }

    func test_delay_waitsWhatRetryAfterAsksCappedAt60Seconds() {
        let policy = RetryPolicy(retries: 1, jitter: { 0.5 })
        func delay(_ headers: [(name: String, value: String)]) -> Double {
            policy.delay(beforeRetry: 1, after: .success(HTTPResponse(status: 503, headers: headers)), now: example)
        }

        XCTAssertEqual(delay([("Retry-After", "7")]), 7, "no jitter on what the server asks")
        XCTAssertEqual(delay([("retry-after", "60")]), 60)
        XCTAssertEqual(delay([("RETRY-AFTER", "61")]), 60)
        XCTAssertEqual(delay([("Retry-After", "3600")]), 60)
        XCTAssertEqual(delay([("Retry-After", String(repeating: "9", count: 400))]), 60)
        XCTAssertEqual(delay([("Retry-After", "Sun, 06 Nov 1994 09:49:37 GMT")]), 60)
        XCTAssertEqual(delay([("Retry-After", "Sun, 06 Nov 1994 08:50:07 GMT")]), 30)
        XCTAssertEqual(delay([("Retry-After", "Sun, 06 Nov 1994 08:00:00 GMT")]), 0)
        XCTAssertEqual(delay([("Retry-After", "2"), ("Retry-After", "5")]), 2, "the first one")
    }

    func test_delay_fallsBackOnTheBackoffWithoutAUsableRetryAfter() {
        let policy = RetryPolicy(retries: 3, jitter: { 0 })
        let garbage = HTTPResponse(status: 429, headers: [("Retry-After", "in a minute")])

        XCTAssertEqual(policy.delay(beforeRetry: 1, after: .success(garbage), now: example), 1)
        XCTAssertEqual(policy.delay(beforeRetry: 3, after: .success(garbage), now: example), 4)
        XCTAssertEqual(policy.delay(beforeRetry: 2, after: .success(HTTPResponse(status: 503)), now: example), 2)
        XCTAssertEqual(policy.delay(beforeRetry: 2, after: .failure(ToolError(.connectivity, "reset")), now: example), 2)
    }
}
