import XCTest
import FeedCore
import FeedCommands
import FeedTestSupport

/// feed-cache on a feed whose item holds a member nested one below, at and
/// one above the reference reader's limit of 512 open containers: `save`
/// of it, and a cache holding it read by `load` in every format and `image
/// missing`. Each agrees with the reference reading (`CachedBytes.feedItems`):
/// at or below the limit the same output as for the item without the deep
/// member (or with it, where the item is written out), above it the
/// reference's failure.
final class FeedCacheDepthLimitCommandTests: XCTestCase, FeedCacheCommandTesting {
    private static func document(nested levels: Int) -> String {
        let nested = String(repeating: "[", count: levels) + String(repeating: "]", count: levels)
        return #"{"items":[{"id":"\#(Fixture.id1)","description":"d","url":"https://h/1","extra":\#(nested)}]}"#
    }

    private static let limit = JSONReader.defaultMaxDepth

    /// The deepest container one below, at and one above the limit (the
    /// document, its items and the item are the first three).
    private static var depths: [Int] { [limit - 1, limit, limit + 1] }

    func test_save_agreesWithTheReference_belowAtAndAboveTheDepthLimit() {
        for deepest in Self.depths {
            let document = Self.document(nested: deepest - 3)
            let readable = (try? CachedBytes(Array(document.utf8)).feedItems()) != nil
            XCTAssertEqual(readable, deepest <= Self.limit)
            let store = InMemoryFeedStore()
            let result = run(["save", "-q"], stdin: .lines(document), store: store)
            if readable {
                XCTAssertEqual(result.code, 0, "\(deepest) deep: \(result.stderr)")
                XCTAssertEqual(store.feed?.document, CachedBytes(Array((document + "\n").utf8)), "\(deepest) deep")
            } else {
                XCTAssertEqual(result.code, 65, "\(deepest) deep")
                XCTAssertNil(store.feed, "\(deepest) deep: the cache is left as it was")
            }
        }
    }

    func test_loadInEveryFormat_andImageMissing_agreeWithTheReference_belowAtAndAboveTheDepthLimit() {
        let shallow = Self.cached(Self.document(nested: 1))
        for deepest in Self.depths {
            let document = Self.document(nested: deepest - 3)
            var referenceFailure: String?
            do { _ = try CachedBytes(Array(document.utf8)).feedItems() } catch { referenceFailure = error.message }
            let readable = referenceFailure == nil
            XCTAssertEqual(readable, deepest <= Self.limit)
            let store = Self.cached(document)
            for format in ["text", "html", "ids"] {
                let result = run(["load", "--format", format], store: store)
                if readable {
                    XCTAssertEqual(result.code, 0, "\(format), \(deepest) deep: \(result.stderr)")
                    XCTAssertEqual(result.stdout, run(["load", "--format", format], store: shallow).stdout, "\(format), \(deepest) deep")
                } else {
                    XCTAssertEqual(result.code, 74, "\(format), \(deepest) deep")
                    XCTAssertEqual(result.stderr, "feed-cache: \(referenceFailure ?? "")\n", "\(format), \(deepest) deep")
                }
            }
            for arguments in [["load", "--pretty"], ["image", "missing"], ["image", "missing", "--pretty"]] {
                let result = run(arguments, store: store)
                if readable {
                    XCTAssertEqual(result.code, 0, "\(arguments), \(deepest) deep: \(result.stderr)")
                    XCTAssertTrue(result.stdout.contains(#""extra""#), "\(arguments): the item is written whole")
                } else {
                    XCTAssertEqual(result.code, 74, "\(arguments), \(deepest) deep")
                    XCTAssertEqual(result.stderr, "feed-cache: \(referenceFailure ?? "")\n", "\(arguments), \(deepest) deep")
                }
            }
        }
    }

    private static func cached(_ document: String) -> InMemoryFeedStore {
        InMemoryFeedStore(feed: CachedFeed(document: Array((document + "\n").utf8), timestamp: Timestamp.commandTestNow.adding(seconds: -60)))
    }
}
