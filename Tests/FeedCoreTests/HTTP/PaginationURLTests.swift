import XCTest
import FeedCore

/// PaginatedURL: the `limit` it asks for, and the next page's URL with
/// `after_id` set, every other part as written; PercentEncoding of the id.
final class PaginationURLTests: XCTestCase {

    func test_limit_isTheLimitQueryValue() {
        XCTAssertEqual(PaginatedURL("https://h/v1/feed?limit=10").limit, 10)
        XCTAssertEqual(PaginatedURL("https://h/v1/feed?after_id=x&limit=25&q=1").limit, 25)
        XCTAssertEqual(PaginatedURL("https://h/v1/feed?limit=007").limit, 7)
    }

    func test_limit_isTheFirstOfRepeatedLimits() {
        XCTAssertEqual(PaginatedURL("https://h/v1/feed?limit=3&limit=5").limit, 3)
    }

    func test_limit_isNilWithoutAWholeNumberAboveZero() {
        for url in ["https://h/v1/feed", "https://h/v1/feed?", "https://h/v1/feed?limit", "https://h/v1/feed?limit=",
                    "https://h/v1/feed?limit=0", "https://h/v1/feed?limit=-1", "https://h/v1/feed?limit=+5",
                    "https://h/v1/feed?limit=1.5", "https://h/v1/feed?limit=ten", "https://h/v1/feed?limit=99999999999999999999",
                    "https://h/v1/feed?page_limit=10", "https://h/v1/feed?Limit=10", "https://h/v1/feed#limit=10"] {
            XCTAssertNil(PaginatedURL(url).limit, url)
        }
    }

    func test_after_addsAfterIDAfterTheOtherParametersKeepingTheirOrderAndSpelling() {
        XCTAssertEqual(PaginatedURL("https://h/v1/feed?limit=10").after("abc"), "https://h/v1/feed?limit=10&after_id=abc")
        XCTAssertEqual(PaginatedURL("https://h/v1/feed?z=1&limit=10&a=%20b+c&flag").after("x"),
                       "https://h/v1/feed?z=1&limit=10&a=%20b+c&flag&after_id=x")
    }

    func test_after_addsAQueryToAURLWithoutOne() {
        XCTAssertEqual(PaginatedURL("https://h/v1/feed").after("x"), "https://h/v1/feed?after_id=x")
        XCTAssertEqual(PaginatedURL("https://h/v1/feed?").after("x"), "https://h/v1/feed?after_id=x")
        XCTAssertEqual(PaginatedURL("https://h/v1/feed?limit=10&").after("x"), "https://h/v1/feed?limit=10&after_id=x")
    }

    func test_after_replacesTheAfterIDThereInItsPlace() {
        XCTAssertEqual(PaginatedURL("https://h/v1/feed?after_id=old&limit=10").after("new"), "https://h/v1/feed?after_id=new&limit=10")
        XCTAssertEqual(PaginatedURL("https://h/v1/feed?limit=10&after_id=&q=1").after("new"), "https://h/v1/feed?limit=10&after_id=new&q=1")
        XCTAssertEqual(PaginatedURL("https://h/v1/feed?after_id").after("new"), "https://h/v1/feed?after_id=new")
    }

    func test_after_leavesOneAfterIDWhereTheURLHadSeveral() {
        XCTAssertEqual(PaginatedURL("https://h/v1/feed?after_id=a&limit=10&after_id=b").after("c"), "https://h/v1/feed?after_id=c&limit=10")
    }

    func test_after_takesOnlyAParameterNamedExactlyAfterID() {
        XCTAssertEqual(PaginatedURL("https://h/v1/feed?after_ids=a&my_after_id=b").after("c"),
                       "https://h/v1/feed?after_ids=a&my_after_id=b&after_id=c")
    }

    func test_after_keepsTheFragmentAfterTheQuery() {
        XCTAssertEqual(PaginatedURL("https://h/v1/feed?limit=10#top?x&y").after("x"), "https://h/v1/feed?limit=10&after_id=x#top?x&y")
        XCTAssertEqual(PaginatedURL("https://h/v1/feed#top").after("x"), "https://h/v1/feed?after_id=x#top")
    }

    func test_after_keepsTheIDsCaseAndPercentEncodesWhatIsNotUnreserved() {
        XCTAssertEqual(PaginatedURL("https://h/v1/feed?limit=10").after("73a7f70c-75da-4c2e-B5A3-eed40dc53aa6"),
                       "https://h/v1/feed?limit=10&after_id=73a7f70c-75da-4c2e-B5A3-eed40dc53aa6")
        XCTAssertEqual(PaginatedURL("https://h/v1/feed").after("a b&c=d/é+%#?~._-"),
                       "https://h/v1/feed?after_id=a%20b%26c%3Dd%2F%C3%A9%2B%25%23%3F~._-")
    }

    func test_queryValue_encodesEveryByteButTheUnreservedOnes() {
        let unreserved = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~"
        XCTAssertEqual(PercentEncoding.queryValue(unreserved), unreserved)
        XCTAssertEqual(PercentEncoding.queryValue("\u{0}\n\"'<>\\^`{|}\u{7F}"), "%00%0A%22%27%3C%3E%5C%5E%60%7B%7C%7D%7F")
        XCTAssertEqual(PercentEncoding.queryValue("e\u{301}😀"), "e%CC%81%F0%9F%98%80")
        XCTAssertEqual(PercentEncoding.queryValue(""), "")
    }
}
