import XCTest
import FeedTestSupport
import Foundation
import FeedCore
@testable import FeedFastPath

/// feed-map's fast path against the reference mapper on bare payload
/// documents (`feed-map < payload.json`): valid, mutated, followed by white
/// space or by more input, and objects that the reference reads as other
/// records.
final class FastFeedMapperBarePayloadDifferentialTests: XCTestCase, FastFeedMapperDifferentialTesting {

    func test_fastPath_matchesReference_onValidPayloads_andTakesNearlyAllOfThem() throws {
        for schema in FeedSchema.allCases {
            var generator = FeedRecordGenerator(seed: schema == .images ? 0xBA2E_0001 : 0xBA2E_0002, schema: schema)
            var failures = FailureLog(self)
            var taken = 0
            for index in 0..<Self.validCount {
                var payload = generator.payloadBytes(generator.payload())
                if index % 3 == 0 { payload += Array(" \n".utf8) }
                let expected = Self.reference(payload, schema: schema)
                guard expected.exitCode == 0, expected.lines.count == 1 else {
                    failures.fail("\(schema) valid #\(index): the reference rejects a valid payload: \(expected)")
                    continue
                }
                compare(payload, schema: schema, expected: expected, label: "\(schema) valid #\(index)", failures: &failures)
                taken += Self.fastThenReference(payload, schema: schema).taken
            }
            XCTAssertGreaterThan(taken, Self.validCount * 9 / 10, "\(schema): payloads the fast path takes")
        }
    }

    func test_fastPath_matchesReference_onMutatedPayloads() throws {
        for schema in FeedSchema.allCases {
            var generator = FeedRecordGenerator(seed: schema == .images ? 0xBA2E_0011 : 0xBA2E_0012, schema: schema)
            var failures = FailureLog(self)
            var accepted = 0, rejected = 0
            for index in 0..<Self.mutatedCount {
                let (payload, mutation) = generator.mutatedPayloadBytes()
                let expected = Self.reference(payload, schema: schema)
                if expected.exitCode == 0 { accepted += 1 } else { rejected += 1 }
                compare(payload, schema: schema, expected: expected, label: "\(schema) mutated #\(index) (\(mutation))", failures: &failures)
            }
            XCTAssertGreaterThan(accepted, Self.mutatedCount / 10, "\(schema): mutated payloads still valid")
            XCTAssertGreaterThan(rejected, Self.mutatedCount / 10, "\(schema): mutated payloads rejected")
        }
    }

    func test_fastPath_matchesReference_onPayloadsFollowedByMoreInput_andOnOtherRecordsWithItems() throws {
        var generator = FeedRecordGenerator(seed: 0xBA2E_0021, schema: .images)
        var failures = FailureLog(self)
        let payload = generator.payloadBytes(generator.payload())
        let inner = Array(payload.dropFirst()) // after its "{"
        let inputs: [(String, [UInt8])] = [
            ("two payloads", payload + [0x0A] + payload),
            ("a payload then a record", payload + [0x0A] + generator.validRecord()),
            ("an error record with items", Array(#"{"error":{"kind":"connectivity","message":"m"},"#.utf8) + inner),
            ("items then an error", payload.dropLast() + Array(#","error":{"kind":"connectivity","message":"m"}}"#.utf8)),
            ("a status with items", Array(#"{"status":200,"#.utf8) + inner),
            ("items then a status", payload.dropLast() + Array(#","status":404}"#.utf8)),
            ("trailing garbage", payload + Array(" x".utf8)),
        ]
        for (label, input) in inputs {
            compare(input, schema: .images, expected: Self.reference(input, schema: .images), label: label, failures: &failures)
        }
    }
}
