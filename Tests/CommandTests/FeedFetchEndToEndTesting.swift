import Foundation
import LoopbackHTTP
import XCTest
import FeedPlatform

/// What the `FeedFetch*EndToEndTests` of a single run share.
protocol FeedFetchEndToEndTesting: XCTestCase {}

extension FeedFetchEndToEndTesting {

    func errorKind(_ result: CommandResult, file: StaticString = #filePath, line: UInt = #line) -> String? {
        let records = result.records(file: file, line: line)
        XCTAssertEqual(records.count, 1, "one error record", file: file, line: line)
        return (records.first?["error"] as? [String: Any])?["kind"] as? String
    }
}
