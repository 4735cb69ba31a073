import XCTest
import FeedTestSupport
import FeedCore

final class FeedCachePolicyTests: XCTestCase {

    func test_defaultMaxAge_isSevenDays() {
        XCTAssertEqual(FeedCachePolicy.defaultMaxAge, 604_800)
        XCTAssertEqual(FeedCachePolicy().maxAge, 604_800)
    }

    func test_validate_isValidBeforeTheMaxAge() {
        let now = Timestamp.cacheTestNow
        let policy = FeedCachePolicy()

        XCTAssertTrue(policy.validate(now, against: now))
        XCTAssertTrue(policy.validate(now.minusFeedCacheMaxAge().adding(seconds: 1), against: now))
        XCTAssertTrue(policy.validate(now.minusFeedCacheMaxAge().adding(nanoseconds: 1), against: now))
    }

    func test_validate_isInvalidAtAndAfterTheMaxAge() {
        let now = Timestamp.cacheTestNow
        let policy = FeedCachePolicy()

        XCTAssertFalse(policy.validate(now.minusFeedCacheMaxAge(), against: now))
        XCTAssertFalse(policy.validate(now.minusFeedCacheMaxAge().adding(nanoseconds: -1), against: now))
        XCTAssertFalse(policy.validate(now.minusFeedCacheMaxAge().adding(seconds: -1), against: now))
    }

    func test_validate_usesTheGivenMaxAge() {
        let now = Timestamp.cacheTestNow
        let policy = FeedCachePolicy(maxAge: 90)

        XCTAssertTrue(policy.validate(now.adding(seconds: -89), against: now))
        XCTAssertFalse(policy.validate(now.adding(seconds: -90), against: now))
    }

    func test_validate_comparesNanosecondsOfBothInstants() {
        let saved = Timestamp(seconds: 100, nanoseconds: 500_000_000)
        let policy = FeedCachePolicy(maxAge: 10)

        XCTAssertTrue(policy.validate(saved, against: Timestamp(seconds: 110, nanoseconds: 499_999_999)))
        XCTAssertFalse(policy.validate(saved, against: Timestamp(seconds: 110, nanoseconds: 500_000_000)))
        XCTAssertFalse(policy.validate(saved, against: Timestamp(seconds: 110, nanoseconds: 500_000_001)))
    }

    func test_validate_withZeroMaxAge_isNeverValid() {
        let now = Timestamp.cacheTestNow

        XCTAssertFalse(FeedCachePolicy(maxAge: 0).validate(now, against: now))
    }

    func test_validate_doesNotOverflowNearTheEndOfTime() {
        let saved = Timestamp(seconds: Int64.max - 10)

        XCTAssertTrue(FeedCachePolicy().validate(saved, against: Timestamp(seconds: Int64.max - 5)))
        XCTAssertTrue(FeedCachePolicy(maxAge: Int64.max).validate(Timestamp.cacheTestNow, against: Timestamp.cacheTestNow.adding(seconds: 86400)))
    }

    func test_describe_writesTheMaxAgeAsTheUserWould() {
        XCTAssertEqual(FeedCachePolicy.describe(0), "0s")
        XCTAssertEqual(FeedCachePolicy.describe(90), "1m30s")
        XCTAssertEqual(FeedCachePolicy.describe(15 * 60), "15m")
        XCTAssertEqual(FeedCachePolicy.describe(36 * 3600), "1d12h")
        XCTAssertEqual(FeedCachePolicy.describe(7 * 86400), "7d")
        XCTAssertEqual(FeedCachePolicy.describe(86400 + 1), "1d1s")
        XCTAssertEqual(FeedCachePolicy.describe(2 * 86400 + 3 * 3600 + 4 * 60 + 5), "2d3h4m5s")
    }
}
