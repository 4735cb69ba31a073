import XCTest
import FeedTestSupport
import Foundation
import FeedCore
@testable import FeedFastPath

/// feed-map's fast path against the reference mapper on records: valid,
/// mutated, in NDJSON streams, and a few written out.
final class FastFeedMapperRecordDifferentialTests: XCTestCase, FastFeedMapperDifferentialTesting {

    func test_fastPath_matchesReference_onValidRecords() throws {
        for schema in FeedSchema.allCases {
            var generator = FeedRecordGenerator(seed: schema == .images ? 0xFEED_0001 : 0xFEED_0002, schema: schema)
            var failures = FailureLog(self)
            var taken = 0
            let mapper = FastFeedMapper(schema: schema)
            for index in 0..<Self.validCount {
                let record = generator.validRecord()
                let label = "\(schema) valid #\(index)"
                let expected = Self.reference(record, schema: schema)
                guard expected.exitCode == 0, expected.lines.count == 1, case .exact = expected.lines[0] else {
                    failures.fail("\(label): the reference rejects a valid generated record: \(expected) \(Printable.bytes(record))")
                    continue
                }
                compare(record, schema: schema, expected: expected, label: label, failures: &failures)

                // The fast path itself must take nearly every valid record, or this test proves little.
                var copy = record
                var written: [UInt8] = []
                let next = copy.withUnsafeMutableBufferPointer { buffer in
                    mapper.map(buffer, at: 0) { written.append(contentsOf: $0) }
                }
                if let next {
                    taken += 1
                    XCTAssertEqual(next, record.count, "\(label): where the record ends")
                    if case .exact(let line) = expected.lines[0], written != line {
                        failures.fail("\(label): the fast path wrote\n  \(Printable.bytes(written))\nnot\n  \(Printable.bytes(line))")
                    }
                } else {
                    if !written.isEmpty { failures.fail("\(label): the fast path wrote output and then did not take the record") }
                    if copy != record { failures.fail("\(label): the fast path changed the input and then did not take the record") }
                }
            }
            XCTAssertGreaterThan(taken, Self.validCount * 9 / 10, "\(schema): records the fast path takes")
        }
    }

    func test_fastPath_matchesReference_onMutatedRecords() throws {
        for schema in FeedSchema.allCases {
            var generator = FeedRecordGenerator(seed: schema == .images ? 0xFEED_0011 : 0xFEED_0012, schema: schema)
            var failures = FailureLog(self)
            var accepted = 0, rejected = 0
            for index in 0..<Self.mutatedCount {
                let (record, mutation) = generator.mutatedRecord()
                let expected = Self.reference(record, schema: schema)
                if expected.exitCode == 0 { accepted += 1 } else { rejected += 1 }
                compare(record, schema: schema, expected: expected,
                        label: "\(schema) mutated #\(index) (\(mutation))", failures: &failures)
            }
            // Both outcomes well represented.
            XCTAssertGreaterThan(accepted, Self.mutatedCount / 10, "\(schema): mutated records still valid")
            XCTAssertGreaterThan(rejected, Self.mutatedCount / 2, "\(schema): mutated records rejected")
        }
    }

    func test_fastPath_matchesReference_onNDJSONStreams() throws {
        for schema in FeedSchema.allCases {
            var generator = FeedRecordGenerator(seed: schema == .images ? 0xFEED_0021 : 0xFEED_0022, schema: schema)
            var failures = FailureLog(self)
            var mixed = 0
            for index in 0..<Self.streamCount {
                var stream: [UInt8] = []
                var singles: [Expected] = []
                var separatedByWhiteSpace = true
                for position in 0..<(2 + generator.rng.below(5)) {
                    let record = generator.rng.chance(55) ? generator.validRecord() : generator.mutatedRecord().record
                    if position > 0 {
                        let separator = generator.streamSeparator()
                        separatedByWhiteSpace = separatedByWhiteSpace && !separator.isEmpty
                        stream.append(contentsOf: separator)
                    }
                    stream.append(contentsOf: record)
                    singles.append(Self.reference(record, schema: schema))
                }
                if generator.rng.chance(80) { stream.append(0x0A) }
                let expected = Self.reference(stream, schema: schema)
                let label = "\(schema) stream #\(index)"
                compare(stream, schema: schema, expected: expected, label: label, failures: &failures)

                // Records that are each one JSON value, separated by white space:
                // the stream's lines are theirs, in order.
                if separatedByWhiteSpace && singles.allSatisfy({ !$0.malformed && $0.lines.count == 1 }) {
                    let composed = singles.flatMap(\.lines)
                    if composed != expected.lines {
                        failures.fail("\(label): the stream's lines are not its records' lines in order")
                    }
                    if singles.contains(where: { $0.exitCode == 0 }) && singles.contains(where: { $0.exitCode != 0 }) { mixed += 1 }
                }
            }
            XCTAssertGreaterThan(mixed, Self.streamCount / 4, "\(schema): streams mixing valid and invalid records")
        }
    }

    /// Ids in lower, upper and mixed case, each to be written as it is spelt.
    static let mixedCasePayload = #"{\"items\":[{\"id\":\"2ab2ae66-a4b7-4a16-b374-51bbac8db086\",\"image\":\"https:\/\/h\/1\"},"#
        + #"{\"id\":\"73A7F70C-75DA-4C2E-B5A3-EED40DC53AA6\",\"image\":\"https:\/\/h\/2\"},"#
        + #"{\"id\":\"Ba298a85-6275-48D3-8315-9c8f7c1cd109\",\"image\":\"https:\/\/h\/3\"}]}"#
    /// Image paths relative to the record's url, as an API that serves its own images writes them.
    static let relativePayload = #"{\"items\":[{\"id\":\"2ab2ae66-a4b7-4a16-b374-51bbac8db086\",\"image\":\"\/img\/1.png\"},"#
        + #"{\"id\":\"73a7f70c-75da-4c2e-b5a3-eed40dc53aa6\",\"image\":\"img\/2.png\"}]}"#

    /// The fast path writes each id as its input spells it (a test of the
    /// fast path itself: the differential ones hold it to the reference,
    /// which `FeedItemsMapper`'s tests hold to the contract).
    func test_fastPath_writesEachIdAsSpelt() throws {
        let record = Array(#"{"url":"https://h/v1/feed","status":200,"headers":{},"body":"\#(Self.mixedCasePayload)"}"#.utf8)
        for way in Self.ways(schema: .images) {
            var written: [UInt8] = []
            var input = record
            let end = input.withUnsafeMutableBufferPointer { buffer in
                way.map(buffer, 0) { written += $0 }
            }
            XCTAssertEqual(end, record.count, way.name)
            let text = String(decoding: written, as: UTF8.self)
            for id in ["2ab2ae66-a4b7-4a16-b374-51bbac8db086", "73A7F70C-75DA-4C2E-B5A3-EED40DC53AA6", "Ba298a85-6275-48D3-8315-9c8f7c1cd109"] {
                XCTAssertTrue(text.contains(#""id":"\#(id)""#), "\(way.name): \(id) in \(text)")
            }
        }
    }

    /// An item whose image is relative is declined, having written nothing,
    /// for the reference to resolve against the record's url.
    func test_fastPath_declinesARelativeImageURL() throws {
        let record = Array(#"{"url":"https://h/v1/feed","status":200,"headers":{},"body":"\#(Self.relativePayload)"}"#.utf8)
        for way in Self.ways(schema: .images) {
            var written: [UInt8] = []
            var input = record
            let end = input.withUnsafeMutableBufferPointer { buffer in
                way.map(buffer, 0) { written += $0 }
            }
            XCTAssertNil(end, way.name)
            XCTAssertEqual(written, [], way.name)
        }
    }

    /// A few inputs written out, so a regression reads plainly.
    func test_fastPath_matchesReference_onHandPickedRecords() throws {
        let payload = #"{\"items\":[{\"id\":\"2ab2ae66-a4b7-4a16-b374-51bbac8db086\",\"image\":\"https:\/\/h\/i\"}]}"#
        let inputs: [String] = [
            #"{"url":"https://h/feed","status":200,"headers":{},"body":"\#(payload)"}"#,
            #"{"url":"https:\/\/h\/feed","status":404,"headers":{},"body":"\#(payload)"}"#,
            #"{"url":"https:\/\/h\/feed","status":200,"headers":{},"body":"{}"}"#,
            #"{"url":"https://h/feed","status":200,"headers":{},"body":"\u0001","body":"\#(payload)"}"#,
            #"{"url":"https://h/feed","status":200,"headers":{},"body":"\#(payload)","body":"\ud800"}"#,
            #"{"url":"https://h/feed","status":200,"status":404,"headers":{},"body":"\#(payload)"}"#,
            #"{"url":"https://h/feed","status":200,"headers":{},"body":"\#(payload)"} x"#,
            #"{"url":"https://h/feed","status":200,"headers":{},"body":"\#(payload)","x":1}"#,
            #"{"url":"https://h/feed","status":200,"headers":{},"body":"\#(payload)","x":1}{"url":"u","status":500,"body":""}"#,
            #"{"url":"https://h/feed","status":200,"headers":{},"body":"\#(payload)","x":}"#,
            #"{"items":[]}"#,
            #"{"url":"https://h/feed","error":{"kind":"connectivity","message":"refused"}}"#,
            #"{"url":"https://h/v1/feed","status":200,"headers":{},"body":"\#(Self.mixedCasePayload)"}"#,
            #"{"url":"https://h/v1/feed?limit=2","status":200,"headers":{},"body":"\#(Self.relativePayload)"}"#,
            #"{"url":"https://h/v1/feed?limit=2","status":200,"headers":{},"body":"\#(Self.relativePayload.replacingOccurrences(of: "\\/", with: "/"))"}"#,
            Self.relativePayload.replacingOccurrences(of: "\\", with: ""),
        ]
        var failures = FailureLog(self)
        for schema in FeedSchema.allCases {
            for (index, text) in inputs.enumerated() {
                let bytes = Array(text.utf8)
                compare(bytes, schema: schema, expected: Self.reference(bytes, schema: schema),
                        label: "\(schema) hand-picked #\(index)", failures: &failures)
            }
        }
    }
}
