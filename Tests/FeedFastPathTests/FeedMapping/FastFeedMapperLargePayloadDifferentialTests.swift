import XCTest
import FeedTestSupport
import Foundation
import FeedCore
@testable import FeedFastPath

/// feed-map's fast path, whole and its undecoded path alone, against the
/// reference mapper on payloads of megabytes, valid and flawed.
final class FastFeedMapperLargePayloadDifferentialTests: XCTestCase, FastFeedMapperDifferentialTesting {

    /// Payloads over 4 MiB, which the fast path checks on two threads (split
    /// at a `,{"` near the middle): valid ones, and ones with a flaw before the
    /// split, after it, right at it, or in a nested array that holds the split.
    func test_fastPath_matchesReference_onLargePayloads() throws {
        var failures = FailureLog(self)
        for schema in FeedSchema.allCases {
            var generator = FeedRecordGenerator(seed: schema == .images ? 0xFEED_0031 : 0xFEED_0032, schema: schema)
            // Each case costs about a second and a half (debug build): a few that cover the split.
            let flaws: [LargePayloadFlaw] = schema == .images ? [.badItemAfterSplit, .nestedSplit, .itemsAgainAfterArray]
                                                              : [.none, .badItemsAroundSplit]
            for flaw in flaws {
                let record = generator.largeRecord(flaw: flaw)
                let expected = Self.reference(record, schema: schema)
                if flaw == .none || flaw == .nestedSplit {
                    XCTAssertEqual(expected.exitCode, 0, "\(schema) \(flaw): the reference accepts")
                }
                compare(record, schema: schema, expected: expected,
                        label: "\(schema) large payload, \(flaw) (\(record.count) bytes)", failures: &failures)
            }
        }
    }

    /// Large payloads as feed-fetch writes them: the undecoded path splits
    /// them between two threads at a `,{\"` in the escaped text. Valid ones
    /// are taken whole (by `FastFeedMapper.map` and by its undecoded path
    /// alone); a flaw anywhere is declined with nothing written or changed,
    /// and feed-map's loop as a whole still agrees with the reference.
    func test_undecodedPath_onLargePayloads_takesValidOnesAndDeclinesFlawsWithoutChangingAnything() throws {
        var failures = FailureLog(self)
        for schema in FeedSchema.allCases {
            var generator = FeedRecordGenerator(seed: schema == .images ? 0xFEED_0051 : 0xFEED_0052, schema: schema)
            let flaws: [LargePayloadFlaw] = schema == .images ? [.none, .badItemsAroundSplit, .nestedSplit]
                                                              : [.badItemAfterSplit, .itemsAgainAfterArray]
            for flaw in flaws {
                let record = generator.largeRecord(flaw: flaw, undecodedOnly: true)
                let expected = Self.reference(record, schema: schema)
                for way in Self.ways(schema: schema) {
                    let label = "\(schema) large fetched payload, \(flaw), \(way.name)"
                    var copy = record
                    var written: [UInt8] = []
                    let next = copy.withUnsafeMutableBufferPointer { buffer in
                        way.map(buffer, 0) { written.append(contentsOf: $0) }
                    }
                    if expected.exitCode == 0 && flaw != .itemsAgainAfterArray {
                        XCTAssertNotNil(next, "\(label): taken")
                        XCTAssertEqual(expected.lines, [.exact(written)], "\(label): the reference document")
                    } else if expected.exitCode == 0, next != nil {
                        XCTAssertEqual(expected.lines, [.exact(written)], "\(label): the reference document")
                    } else {
                        // A flaw; or a second "items" after the split, which the second thread leaves to the reference path.
                        XCTAssertNil(next, "\(label): declined")
                        XCTAssertTrue(written.isEmpty, "\(label): nothing written")
                        XCTAssertTrue(copy == record, "\(label): nothing changed")
                    }
                }
                compare(record, schema: schema, expected: expected, label: "\(schema) large fetched payload, \(flaw)",
                        failures: &failures)
            }
        }
    }
}
