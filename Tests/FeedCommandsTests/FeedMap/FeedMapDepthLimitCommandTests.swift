import XCTest
import FeedCore
import FeedCommands
import FeedTestSupport

/// feed-map on a payload whose item holds a member nested one below, at and
/// one above the reference reader's limit of 512 open containers, bare and
/// in a record: the same answer as the reference reading (the item mapped,
/// or the reference's malformed-input failure), whichever path gave it.
final class FeedMapDepthLimitCommandTests: XCTestCase, FeedMapCommandTesting {
    func test_run_agreesWithTheReference_belowAtAndAboveTheDepthLimit() throws {
        let limit = JSONReader.defaultMaxDepth
        for deepest in [limit - 1, limit, limit + 1] {
            let levels = deepest - 3 // the payload, its items and the item are the first three
            let nested = String(repeating: "[", count: levels) + String(repeating: "]", count: levels)
            let payload = #"{"items":[{"id":"\#(Fixture.id1)","extra":\#(nested),"image":"https://h/1"}]}"#
            let readable = (try? JSONReader.parseSingle(Array(payload.utf8))) != nil
            XCTAssertEqual(readable, deepest <= limit)
            for (way, input) in [("bare", payload), ("record", Fixture.responseRecord(body: payload))] {
                let result = run(stdin: .lines(input))
                if readable {
                    XCTAssertEqual(result.code, 0, "\(way), \(deepest) deep")
                    XCTAssertEqual(result.stdout, #"{"items":[{"id":"\#(Fixture.id1)","url":"https://h/1"}]}"# + "\n", "\(way), \(deepest) deep")
                } else {
                    XCTAssertEqual(result.code, 65, "\(way), \(deepest) deep")
                    XCTAssertEqual(errorKinds(result), ["invalid-data"], "\(way), \(deepest) deep")
                    XCTAssertTrue(result.stderr.contains("nesting deeper than \(limit) levels"), "\(way): \(result.stderr)")
                }
            }
        }
    }
}
