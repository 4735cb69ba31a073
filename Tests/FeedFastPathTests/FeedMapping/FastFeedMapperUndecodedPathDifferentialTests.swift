import XCTest
import FeedTestSupport
import Foundation
import FeedCore
@testable import FeedFastPath

/// The fast path's first way, the undecoded path (the body read escaped where
/// it stands), against the reference mapper on records as feed-fetch writes them.
final class FastFeedMapperUndecodedPathDifferentialTests: XCTestCase, FastFeedMapperDifferentialTesting {

    /// Records as feed-fetch writes them, valid and with flawed payloads,
    /// through `FastFeedMapper.map`, and on its undecoded path alone (its first
    /// way: the body read escaped, where it stands): when either takes a
    /// record it writes exactly the reference document, and when it declines
    /// it has written and changed nothing. Each must take every valid one
    /// without a surrogate escape, or the benchmark's path goes untested; and
    /// `FastFeedMapper.map` the ones with one too (its second way decodes them).
    func test_undecodedPath_takesRecordsAsFeedFetchWritesThem_exactlyOrNotAtAll() throws {
        for schema in FeedSchema.allCases {
            var generator = FeedRecordGenerator(seed: schema == .images ? 0xFEED_0041 : 0xFEED_0042, schema: schema)
            var failures = FailureLog(self)
            var validCount = 0, validWithSurrogates = 0
            let ways = Self.ways(schema: schema)
            var tallies = [WayTally](repeating: WayTally(), count: ways.count)
            for index in 0..<Self.mutatedCount {
                let valid = index % 3 == 0
                let (payload, mutation) = valid ? (generator.payloadBytes(generator.payload()), "none") : generator.mutatedPayloadBytes()
                let record = FeedRecordGenerator.fetchedRecord(payload: payload, escapingSlashes: index % 4 == 1)
                let expected = Self.reference(record, schema: schema)
                let surrogates = FeedRecordGenerator.hasSurrogateEscape(payload)
                if valid && !surrogates { validCount += 1 }
                if valid && surrogates { validWithSurrogates += 1 }
                for (wayIndex, way) in ways.enumerated() {
                    let label = "\(schema) fetched #\(index) (\(mutation)), \(way.name)"
                    var copy = record
                    var written: [UInt8] = []
                    let next = copy.withUnsafeMutableBufferPointer { buffer in
                        way.map(buffer, 0) { written.append(contentsOf: $0) }
                    }
                    if let next {
                        if valid && !surrogates { tallies[wayIndex].validTaken += 1 }
                        if valid && surrogates { tallies[wayIndex].validWithSurrogatesTaken += 1 }
                        if !valid { tallies[wayIndex].flawedTaken += 1 }
                        XCTAssertEqual(next, record.count, "\(label): where the record ends")
                        if expected.exitCode != 0 || expected.lines != [.exact(written)] {
                            failures.fail("\(label): wrote\n  \(Printable.bytes(written))\nbut the reference gives \(expected)")
                        }
                    } else {
                        if expected.exitCode != 0 { tallies[wayIndex].flawedRejected += 1 }
                        if !written.isEmpty { failures.fail("\(label): declined after writing \(Printable.bytes(written))") }
                        if copy != record { failures.fail("\(label): declined after changing the input") }
                    }
                }
                // And the whole of feed-map's loop agrees with the reference, whichever way it goes.
                compare(record, schema: schema, expected: expected, label: "\(schema) fetched #\(index) (\(mutation))",
                        failures: &failures)
            }
            for (way, tally) in zip(ways, tallies) {
                XCTAssertGreaterThanOrEqual(tally.validTaken, validCount,
                                            "\(schema), \(way.name): valid records without surrogate escapes are all taken")
                XCTAssertGreaterThan(tally.flawedTaken, Self.mutatedCount / 20,
                                     "\(schema), \(way.name): mutations that leave the payload valid are taken")
                XCTAssertGreaterThan(tally.flawedRejected, Self.mutatedCount / 4, "\(schema), \(way.name): flawed payloads are declined")
                if way.decodes {
                    XCTAssertEqual(tally.validWithSurrogatesTaken, validWithSurrogates,
                                   "\(schema), \(way.name): valid records with surrogate escapes are all taken")
                }
            }
            XCTAssertGreaterThan(validCount, Self.mutatedCount / 6, "\(schema): enough valid records")
            XCTAssertGreaterThan(validWithSurrogates, Self.mutatedCount / 20, "\(schema): enough valid records with surrogate escapes")
        }
    }
}
