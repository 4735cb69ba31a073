import XCTest
import FeedTestSupport
import Foundation
import FeedCore
@testable import FeedFastPath

/// Differential tests of feed-map's fast path against the reference mapper.
///
/// Every input runs through feed-map's loop as `FeedMapping.run` (in
/// FeedCommands) drives it for compact JSON: `FastFeedMapper` is offered each
/// record first, and whatever it declines the reference path reads from the
/// same offset. That is compared with the pure reference path over the whole
/// input: `JSONReader` → `Record.classify` → `FeedItemsMapper` → `JSONWriter`.
/// The documents must be identical bytes, the failures the same (kind, url
/// and message), in the same order, and the input left as it was. (How a
/// stage writes error records, its stderr lines and its exit code belong to
/// FeedCommands, and are tested there.)
final class FastFeedMapperDifferentialTests: XCTestCase {

    static let validCount = 800
    static let mutatedCount = 2_500
    static let streamCount = 250

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

    // MARK: - The fast path, whole and its first way alone

    /// One way into the fast path: the record at an offset taken (its whole
    /// document written, where it ends returned) or declined (nil).
    struct Way {
        let name: String
        /// Does it go on to decode the body when the first way declines?
        let decodes: Bool
        let map: (UnsafeMutableBufferPointer<UInt8>, Int, (UnsafeRawBufferPointer) -> Void) -> Int?
    }

    struct WayTally {
        var validTaken = 0, validWithSurrogatesTaken = 0, flawedTaken = 0, flawedRejected = 0
    }

    /// `FastFeedMapper.map`, and its first way alone (`undecodedPath`).
    static func ways(schema: FeedSchema) -> [Way] {
        let mapper = FastFeedMapper(schema: schema)
        let arena = FeedOutputArena()
        return [
            Way(name: "FastFeedMapper.map", decodes: true) { buffer, offset, write in mapper.map(buffer, at: offset, write: write) },
            Way(name: "the undecoded path alone", decodes: false) { buffer, offset, write in
                undecodedPath(buffer, at: offset, schema: schema, arena: arena, write: write)
            },
        ]
    }

    /// The first way `FastFeedMapper.map` tries, alone, as it tries it: the
    /// record's head up to the body, the body read escaped where it stands
    /// (`EscapedJSONScanner`), then the record's closing brace; nil, having
    /// written and changed nothing, if it declines.
    static func undecodedPath(_ input: UnsafeMutableBufferPointer<UInt8>, at offset: Int, schema: FeedSchema,
                              arena: FeedOutputArena, write: (UnsafeRawBufferPointer) -> Void) -> Int? {
        guard let base = input.baseAddress else { return nil }
        var scanner = JSONScanner(input, from: offset)
        guard let (bodyStart, fields) = ResponseRecordScan.bodyStart(&scanner) else { return nil }
        let window = bodyStart..<min(input.count, bodyStart + FastFeedMapper.undecodedLimit)
        guard let mapped = FeedPayloadMapper.map(EscapedJSONScanner.self, base: base, window, schema: FastSchema.of(schema),
                                                 arena: arena, releasesInput: false) else { return nil }
        scanner.index = mapped.end
        guard scanner.consume(0x7D) else { return nil }
        mapped.write(write, closing: FeedDocument.compactClosing(validators: fields.validators))
        return scanner.index
    }

    // MARK: - Comparing with the reference

    enum ExpectedLine: Equatable, CustomStringConvertible {
        /// A feed document, or an error record passed on unchanged.
        case exact([UInt8])
        /// An error record written where the error starts.
        case error(ErrorKind, url: String?, message: String)

        var description: String {
            switch self {
            case .exact(let bytes): return Printable.bytes(bytes)
            case .error(let kind, let url, let message): return "error(\(kind.rawValue), url: \(url ?? "nil"), \(message))"
            }
        }
    }

    struct Expected: CustomStringConvertible {
        var lines: [ExpectedLine] = []
        var exitCode: Int32 = 0
        /// The input ended with malformed JSON (nothing after it was read).
        var malformed = false

        var description: String { "exit \(exitCode): " + lines.map(\.description).joined(separator: " | ") }
    }

    /// The pure reference path over all of the input, as feed-map with the
    /// fast path off would write it.
    static func reference(_ input: [UInt8], schema: FeedSchema) -> Expected {
        var expected = Expected()
        input.withUnsafeBufferPointer { buffer in
            var offset = 0
            while offset < buffer.count, referenceStep(buffer, at: &offset, schema: schema, into: &expected) {}
        }
        return expected
    }

    /// The reference path for the value at `offset` (after white space):
    /// read, classified and mapped, its line noted, `offset` moved past it.
    /// False at the end of the input, or after malformed JSON (which ends it).
    private static func referenceStep(_ buffer: UnsafeBufferPointer<UInt8>, at offset: inout Int, schema: FeedSchema,
                                      into expected: inout Expected) -> Bool {
        func note(_ code: Int32) { if expected.exitCode == 0 { expected.exitCode = code } }
        func fail(_ error: ToolError, url: String?) {
            expected.lines.append(.error(error.kind, url: url, message: error.message))
            note(error.kind.exitCode)
        }
        let writer = JSONWriter()
        let value: JSON?
        do {
            value = try JSONReader.value(in: buffer, at: &offset)
        } catch {
            fail(ToolError(.invalidData, "malformed input: \(error)"), url: nil)
            expected.malformed = true
            return false
        }
        guard let value else { return false }
        do throws(ToolError) {
            switch try Record.classify(value) {
            case .response(let response):
                do throws(ToolError) {
                    let document = try FeedItemsMapper.map(status: response.status, body: response.body, schema: schema)
                    expected.lines.append(.exact(writer.line(document.json)))
                } catch {
                    fail(error, url: response.url)
                }
            case .document(let payload):
                expected.lines.append(.exact(writer.line(try FeedItemsMapper.map(payload: payload, schema: schema).json)))
            case .error(let record):
                expected.lines.append(.exact(writer.line(record.json)))
                note(record.kind.exitCode)
            }
        } catch {
            fail(error, url: nil)
        }
        return true
    }

    /// What feed-map's loop gives for an input, and what went wrong on the way.
    struct FastRun {
        var result = Expected()
        /// Records the fast path took.
        var taken = 0
        var problems: [String] = []
    }

    /// feed-map's loop over all of the input, as `FeedMapping.run` drives it
    /// for compact JSON: `FastFeedMapper` (one for the whole input) offered
    /// each record first; where it declines, the reference path reads the
    /// value at the same offset.
    static func fastThenReference(_ input: [UInt8], schema: FeedSchema) -> FastRun {
        var run = FastRun()
        var bytes = input
        let mapper = FastFeedMapper(schema: schema, releasesInput: false)
        bytes.withUnsafeMutableBufferPointer { buffer in
            var offset = 0
            while offset < buffer.count {
                var written: [UInt8] = []
                if let next = mapper.map(buffer, at: offset, write: { written.append(contentsOf: $0) }) {
                    guard next > offset, next <= buffer.count else {
                        run.problems.append("the fast path took the record at byte \(offset) and says it ends at \(next)")
                        return
                    }
                    run.taken += 1
                    run.result.lines.append(.exact(written))
                    offset = next
                    continue
                }
                if !written.isEmpty {
                    run.problems.append("the fast path declined the record at byte \(offset) after writing \(Printable.bytes(written))")
                }
                guard referenceStep(UnsafeBufferPointer(buffer), at: &offset, schema: schema, into: &run.result) else { return }
            }
        }
        if bytes != input { run.problems.append("the input was changed") }
        return run
    }

    /// Runs feed-map's loop (`fastThenReference`) on `input` and checks what it gives against `expected`.
    private func compare(_ input: [UInt8], schema: FeedSchema, expected: Expected, label: String, failures: inout FailureLog) {
        let run = Self.fastThenReference(input, schema: schema)
        var problems = run.problems
        if run.result.exitCode != expected.exitCode { problems.append("exit \(run.result.exitCode), expected \(expected.exitCode)") }
        if run.result.lines.count != expected.lines.count {
            problems.append("\(run.result.lines.count) lines, expected \(expected.lines.count)")
        }
        for (index, (line, wanted)) in zip(run.result.lines, expected.lines).enumerated() where line != wanted {
            problems.append("line \(index + 1): wrote \(line), expected \(wanted)")
        }
        if !problems.isEmpty {
            failures.fail("\(label): " + problems.prefix(4).joined(separator: "; ") + "\n  input: \(Printable.bytes(input))")
        }
    }
}

// MARK: - Response records, valid and mutated

/// A JSON value to be written with random white space and escapes.
indirect enum Fragment {
    /// JSON text, as is.
    case raw([UInt8])
    /// A string, its scalars written with random escapes.
    case string([UInt32])
    /// A string literal holding these bytes: escaped as a string if they are
    /// valid UTF-8, else put in raw (which makes the literal invalid).
    case bytes([UInt8])
    case array([Fragment])
    case object([Member])

    static func text(_ text: String) -> Fragment { .raw(Array(text.utf8)) }
}

enum LargePayloadFlaw: CaseIterable {
    case none, badItemAfterSplit, badItemsAroundSplit, nestedSplit, itemsAgainAfterArray
}

struct Member {
    var key: [UInt32]
    var value: Fragment
    /// The key's first character written as a \u escape.
    var escapedKey = false

    init(_ key: String, _ value: Fragment, escapedKey: Bool = false) {
        self.key = DifferentialText.scalars(key)
        self.value = value
        self.escapedKey = escapedKey
    }

    var name: String { String(String.UnicodeScalarView(key.compactMap(Unicode.Scalar.init))) }
}

struct FeedRecordGenerator {
    var rng: SplitMix64
    let schema: FeedSchema
    /// White space between tokens in the record being written.
    private var spaced = false
    /// How often a string's scalars are escaped in the record being written.
    private var escapePercent = 5
    private var values: DifferentialJSONGenerator

    init(seed: UInt64, schema: FeedSchema) {
        rng = SplitMix64(seed: seed)
        values = DifferentialJSONGenerator(seed: seed ^ 0x5A5A_5A5A)
        self.schema = schema
    }

    // MARK: Valid records

    mutating func validRecord() -> [UInt8] {
        write(record(payload: payloadBytes(payload())))
    }

    mutating func streamSeparator() -> [UInt8] {
        switch rng.below(10) {
        case 0: return []
        case 1, 2: return Array(" \r\n\t".utf8)
        default: return [0x0A]
        }
    }

    mutating func payload() -> [Member] {
        var members = [Member("items", .array((0..<rng.below(6)).map { _ in .object(item()) }))]
        for _ in 0..<rng.below(3) {
            members.append(Member(rng.pick(["next", "meta", "count", "Items", "page", "é"]), .raw(values.document(small: true))))
        }
        if rng.chance(40) { rng.shuffle(&members) }
        return members
    }

    mutating func item() -> [Member] {
        var members: [Member]
        switch schema {
        case .images:
            members = [Member("id", .string(uuid())), Member("image", .string(url()))]
            if let description = optionalText() { members.append(Member("description", description)) }
            if let location = optionalText() { members.append(Member("location", location)) }
        case .spots:
            members = [Member("id", .string(uuid())), Member("author", .string(text())), Member("likes", .text(likes())),
                       Member("image", .string(url()))]
            if let description = optionalText() { members.append(Member("description", description)) }
        }
        let unknown = schema == .images ? ["author", "likes", "Id", "URL", "tags", "meta", "imageURL", "url"]
                                        : ["location", "Id", "URL", "tags", "meta", "imageURL", "url"]
        for _ in 0..<rng.below(3) {
            members.append(Member(rng.pick(unknown), rng.chance(50) ? .raw(values.document(small: true)) : .string(text())))
        }
        if rng.chance(60) { rng.shuffle(&members) }
        return members
    }

    /// An optional string: present, absent (nil) or null.
    mutating func optionalText() -> Fragment? {
        switch rng.below(10) {
        case 0..<6: return .string(text())
        case 6, 7: return nil
        default: return .text("null")
        }
    }

    mutating func text() -> [UInt32] {
        if rng.chance(30) {
            return DifferentialText.scalars(rng.pick(["", "é", "\"quoted\"", "back\\slash", "a/b", "line\nbreak", "😀 🎉",
                                                     "tab\there", "nul\u{0}", "\u{7F}", "\u{2028}", "Ünïcödé", "中文", "\\u0041"]))
        }
        return DifferentialText.randomScalars(&rng, count: rng.below(14))
    }

    mutating func uuid() -> [UInt32] { DifferentialText.scalars(uuidText()) }

    mutating func uuidText() -> String {
        let hex = Array("0123456789abcdef")
        var text = ""
        for offset in 0..<36 {
            if [8, 13, 18, 23].contains(offset) { text += "-"; continue }
            let digit = String(rng.pick(hex))
            text += rng.chance(50) ? digit.uppercased() : digit
        }
        return text
    }

    mutating func url() -> [UInt32] {
        let scheme = rng.pick(["https", "http", "HTTPS", "ftp", "s3", "a+b-c.d", "x1"])
        let host = rng.pick(["h", "example.com", "[::1]:8080", "user@host", "xn--bcher-kva.example", "h.é"])
        var path = ""
        for _ in 0..<rng.below(4) {
            path += "/" + rng.pick(["image-0", "i", "a%20b", "é", "😀", "x.png", "?q=1&r=2", "#frag", "~u", ""])
        }
        return DifferentialText.scalars("\(scheme)://\(host)\(path)")
    }

    mutating func likes() -> String {
        switch rng.below(10) {
        case 0: return rng.pick(["0", "-0", "9223372036854775807", "-9223372036854775808", "1", "-1"])
        case 1, 2: return "-" + String(rng.below(100_000))
        default: return String(rng.below(rng.chance(80) ? 1000 : Int.max))
        }
    }

    mutating func record(payload body: [UInt8]) -> [Member] {
        var headers: [Member] = []
        for _ in 0..<rng.below(4) {
            headers.append(Member(rng.pick(["content-type", "etag", "x-é", "cache-control", "set-cookie"]),
                                  .string(DifferentialText.scalars(rng.pick(["application/json", "\"abc\"", "ü", "a, b", "max-age=0", ""])))))
        }
        var members = [Member("url", .string(DifferentialText.scalars("https://h.example/v1/feed?page=\(rng.below(9))"))),
                       Member("status", .text("200")),
                       Member("headers", .object(headers)),
                       Member("body", .bytes(body))]
        if rng.chance(30) { rng.shuffle(&members) }
        return members
    }

    // MARK: Large payloads

    /// A record whose payload is over 4 MiB, items separated by bare commas
    /// (so that the fast path splits it), with `flaw`.
    /// With `undecodedOnly`, no item holds a surrogate escape, so the record
    /// is one the undecoded path can take whole.
    mutating func largeRecord(flaw: LargePayloadFlaw, undecodedOnly: Bool = false) -> [UInt8] {
        var pool: [[UInt8]] = []
        while pool.count < 48 {
            var item = item()
            item.removeAll { $0.name != "id" && $0.name != "image" && $0.name != "author" && $0.name != "likes"
                             && $0.name != "description" && $0.name != "location" && rng.chance(50) }
            let bytes = payloadItemBytes(item)
            if undecodedOnly && Self.hasSurrogateEscape(bytes) { continue }
            pool.append(bytes)
        }
        let target = (1 << 22) + (1 << 14)
        var items: [[UInt8]] = []
        var size = 0
        while size < target {
            let item = pool[items.count % pool.count]
            items.append(item)
            size += item.count + 1
        }
        // The item in the middle of the payload, by bytes: the split is near it.
        var middle = 0, running = 0
        while running < size / 2 { running += items[middle].count + 1; middle += 1 }
        var bad = Array(items[middle].dropLast()) // an item without its closing brace, then a bad id
        bad.append(contentsOf: Array(#","id":"not-a-uuid"}"#.utf8))
        var trailer: [UInt8] = []
        switch flaw {
        case .none: break
        case .badItemAfterSplit: items[items.count - 3] = bad
        case .badItemsAroundSplit:
            for offset in -2...2 { items[middle + offset] = bad }
        case .nestedSplit:
            // One item holds a long array of objects across the middle: its `,{"` are not item boundaries.
            var nested = Array(items[middle].dropLast())
            nested.append(contentsOf: Array(#","extra":["#.utf8))
            for index in 0..<40_000 { nested.append(contentsOf: Array((index == 0 ? #"{"a":1}"# : #",{"b":[2]}"#).utf8)) }
            nested.append(contentsOf: Array("]}".utf8))
            items[middle - 200] = nested
        case .itemsAgainAfterArray:
            trailer = Array(#","items":[]"#.utf8)
        }
        var payload = Array(#"{"count":3,"items":["#.utf8)
        for (index, item) in items.enumerated() {
            if index > 0 { payload.append(UInt8(ascii: ",")) }
            payload.append(contentsOf: item)
        }
        payload.append(UInt8(ascii: "]"))
        payload.append(contentsOf: trailer)
        payload.append(UInt8(ascii: "}"))
        var record = Array(#"{"url":"https:\/\/h.example\/big","status":200,"headers":{},"body":"#.utf8)
        payload.withUnsafeBufferPointer { JSONWriter.appendString(utf8: $0, to: &record) }
        record.append(contentsOf: Array("}\n".utf8))
        return record
    }

    /// Does the JSON text hold a `\uD800`…`\uDFFF` escape?
    static func hasSurrogateEscape(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= 4 else { return false }
        for index in 0..<(bytes.count - 3) where bytes[index] == 0x5C && bytes[index + 1] == UInt8(ascii: "u")
            && (bytes[index + 2] | 0x20) == UInt8(ascii: "d") && [UInt8]("89abAB".utf8).contains(bytes[index + 3]) {
            return true
        }
        return false
    }

    private mutating func payloadItemBytes(_ members: [Member]) -> [UInt8] {
        spaced = false
        escapePercent = 5
        var out: [UInt8] = []
        write(.object(members), to: &out)
        return out
    }

    // MARK: Mutated records

    /// A record with one mutation, and what it was.
    mutating func mutatedRecord() -> (record: [UInt8], mutation: String) {
        var payload = payload()
        let mutation: String
        switch rng.below(100) {
        case 0..<35:
            mutation = mutateItem(&payload)
        case 35..<50:
            mutation = mutatePayload(&payload)
        case 50..<58:
            var bytes = payloadBytes(payload)
            bytes = values.mutate(bytes)
            var record = record(payload: bytes)
            if rng.chance(20) { record = record.filter { $0.name != "headers" } }
            return (write(record), "payload bytes")
        case 58..<62:
            // A payload that is not an object, or not one value.
            let body = rng.pick(["", " ", "[]", "\"items\"", "1", "null", "{\"items\":[]} x", "{\"items\":[]}{}",
                                 "{\"items\":[]}]", "{\"items\":[]} \n", "{\"items\":[],}", "{\"items\":[,]}"])
            return (write(record(payload: Array(body.utf8))), "body \(body)")
        default:
            var record = record(payload: payloadBytes(payload))
            mutation = mutateRecord(&record)
            if mutation == "bytes" {
                return (values.mutate(write(record)), "record bytes")
            }
            return (write(record), mutation)
        }
        return (write(record(payload: payloadBytes(payload))), mutation)
    }

    /// A payload with one mutation (of an item, of the payload, or of its
    /// bytes), and what it was.
    mutating func mutatedPayloadBytes() -> (payload: [UInt8], mutation: String) {
        var payload = payload()
        switch rng.below(10) {
        case 0..<5: let mutation = mutateItem(&payload); return (payloadBytes(payload), mutation)
        case 5..<8: let mutation = mutatePayload(&payload); return (payloadBytes(payload), mutation)
        default: return (values.mutate(payloadBytes(payload)), "payload bytes")
        }
    }

    /// A response record as feed-fetch writes it (`JSONWriter`: url, status,
    /// headers, then the body, no white space, only the escapes it needs).
    /// With `escapingSlashes`, every `/` in the body is written `\/`, as some
    /// JSON writers do.
    static func fetchedRecord(payload: [UInt8], url: String = "https://h.example/v1/feed", escapingSlashes: Bool = false) -> [UInt8] {
        var record = Array("{\"url\":".utf8)
        JSONWriter.appendString(url, to: &record)
        record.append(contentsOf: Array(",\"status\":200,\"headers\":{\"content-type\":\"application/json\"},\"body\":".utf8))
        if let text = String(validating: payload, as: UTF8.self) {
            var body: [UInt8] = []
            JSONWriter.appendString(text, to: &body)
            record.append(contentsOf: escapingSlashes ? body.flatMap { $0 == UInt8(ascii: "/") ? [0x5C, $0] : [$0] } : body)
        } else {
            record.append(contentsOf: Array("\"\"".utf8)) // not UTF-8: feed-fetch would write body_base64
        }
        record.append(UInt8(ascii: "}"))
        return record
    }

    private mutating func mutateItem(_ payload: inout [Member]) -> String {
        guard let itemsIndex = payload.firstIndex(where: { $0.name == "items" }),
              case .array(var items) = payload[itemsIndex].value else { return "none" }
        if items.isEmpty { items.append(.object(item())) }
        let at = rng.below(items.count)
        guard case .object(var members) = items[at] else { return "none" }
        let fields = schema == .images ? ["id", "description", "location", "image"] : ["id", "author", "description", "likes", "image"]
        let field = rng.pick(fields)
        let index = members.firstIndex { $0.name == field }
        var mutation = "item \(field): "
        switch rng.below(9) {
        case 0: // a value of another type
            let value = rng.pick([Fragment.text("1"), .text("true"), .text("[]"), .text("{}"), .text("null"), .text("1.5"),
                                  .string(text()), .text("-0"), .text("[\"a\"]")])
            if let index { members[index].value = value } else { members.append(Member(field, value)) }
            mutation += "another type"
        case 1: // missing
            members.removeAll { $0.name == field }
            mutation += "missing"
        case 2: // not a UUID
            let id = uuidText()
            let bad = rng.pick([String(id.dropLast()), id + "0", "g" + id.dropFirst(), "{\(id)}", id.replacingOccurrences(of: "-", with: ""),
                                String(id.prefix(8)) + String(id.dropFirst(9)) + "-", " " + id.dropFirst(), "", "０" + id.dropFirst(),
                                id.replacingOccurrences(of: "-", with: "_"), id.uppercased(), id.lowercased()])
            upsert(&members, "id", .string(DifferentialText.scalars(bad)))
            mutation = "item id: \(bad)"
        case 3: // not an absolute URL
            let bad = rng.pick(["/x", "x.png", "//h/x", "https:/x", "https://", "https:///x", "https://?q", "https://#f", "1http://h",
                                "ht tp://h", "https://h/a b", "https://h/\t", "", ":///x", "-a://h", "https//h", "https:\\\\h",
                                "https://h\u{7F}", "h://x", "a://b", "é://h"])
            upsert(&members, "image", .string(DifferentialText.scalars(bad)))
            mutation = "item image: \(bad)"
        case 4: // likes out of range or not an integer
            let bad = rng.pick(["1.0", "1e2", "9223372036854775808", "-9223372036854775809", "\"5\"", "01", "-", "1E0",
                                "99999999999999999999", "0.0", "-0.0", "true", "null"])
            upsert(&members, "likes", .text(bad))
            mutation = "item likes: \(bad)"
        case 5: // a key spelled with an escape
            guard !members.isEmpty else { return "none" }
            let key = rng.below(members.count)
            members[key].escapedKey = true
            mutation = "item escaped key \(members[key].name)"
        case 6: // a key twice: the last value wins
            guard let index else { return "none" }
            var copy = members[index]
            copy.value = rng.pick([Fragment.text("null"), .text("1"), .string(text()), .string(uuid()), .string(url())])
            if rng.chance(50) { members.insert(copy, at: index) } else { members.append(copy) }
            mutation += "twice"
        case 7: // the item is not an object
            items[at] = rng.pick([Fragment.text("1"), .text("null"), .string(text()), .array([]), .text("[{}]")])
            mutation = "item not an object"
        default: // an unknown key with a value no item has
            members.append(Member(rng.pick(["", "é", "id ", "ID", "image_url", "desc\u{0}"]), .raw(values.document(small: true))))
            mutation = "item unknown key"
        }
        if mutation != "item not an object" { items[at] = .object(members) }
        payload[itemsIndex].value = .array(items)
        return mutation
    }

    private func upsert(_ members: inout [Member], _ key: String, _ value: Fragment) {
        if let index = members.firstIndex(where: { $0.name == key }) {
            members[index].value = value
        } else {
            members.append(Member(key, value))
        }
    }

    private mutating func mutatePayload(_ payload: inout [Member]) -> String {
        switch rng.below(6) {
        case 0:
            let value = rng.pick([Fragment.text("{}"), .text("null"), .string(text()), .text("1"), .object([])])
            upsert(&payload, "items", value)
            return "items not an array"
        case 1:
            payload.removeAll { $0.name == "items" }
            return "no items"
        case 2:
            let other = Member("items", rng.chance(50) ? .array([.object(item())]) : .array([.text("1")]))
            if rng.chance(50) { payload.append(other) } else { payload.insert(other, at: 0) }
            return "items twice"
        case 3:
            guard let index = payload.firstIndex(where: { $0.name == "items" }) else { return "none" }
            payload[index].escapedKey = true
            return "items key escaped"
        case 4:
            payload.append(Member("deep", .raw(Array((String(repeating: "[", count: 40) + String(repeating: "]", count: 40)).utf8))))
            return "deep extra value"
        default:
            payload.append(Member(rng.pick(["items ", "Items", ""]), .array([.text("1")])))
            return "near-miss key"
        }
    }

    private mutating func mutateRecord(_ record: inout [Member]) -> String {
        switch rng.below(13) {
        case 0:
            let status = rng.pick(["201", "404", "199", "500", "99", "1000", "\"200\"", "200.0", "2e2", "-200", "null", "0200", "true", "204", "299"])
            upsert(&record, "status", .text(status))
            return "status \(status)"
        case 1:
            let key = rng.pick(["url", "status", "body", "headers"])
            record.removeAll { $0.name == key }
            return "no \(key)"
        case 2:
            let body = rng.pick(["null", "1", "[]", "{}", "true"])
            upsert(&record, "body", .text(body))
            return "body \(body)"
        case 3:
            guard let index = record.firstIndex(where: { $0.name == "body" }), case .bytes(let payload) = record[index].value else { return "none" }
            let encoded = Data(payload).base64EncodedString()
            if rng.chance(70) {
                record[index] = Member("body_base64", .string(DifferentialText.scalars(encoded)))
                return "body_base64"
            }
            record.append(Member("body_base64", .string(DifferentialText.scalars(encoded))))
            return "body and body_base64"
        case 4:
            let (key, value) = rng.pick([("error", Fragment.text(#"{"kind":"connectivity","message":"refused"}"#)),
                                         ("error", .text(#"{"kind":"nonsense"}"#)), ("error", .text("null")),
                                         ("x", .text("1")), ("items", .text("[]")), ("Body", .string([]))])
            record.insert(Member(key, value), at: rng.below(record.count + 1))
            return "extra key \(key)"
        case 5:
            let headers = rng.pick(["null", "[]", #"{"a":1}"#, #"{"a":null}"#, "\"str\"", #"{"A":"b","a":"c"}"#, "{}"])
            upsert(&record, "headers", .text(headers))
            return "headers \(headers)"
        case 6:
            let url = rng.pick([Fragment.text("1"), .text("null"), .string(DifferentialText.scalars("https://h/feed")),
                                .string(DifferentialText.scalars("https://h/é/\"q\"/\\"))])
            upsert(&record, "url", url)
            if let index = record.firstIndex(where: { $0.name == "url" }), rng.chance(50) { record[index].escapedKey = true }
            return "url"
        case 7: // a key twice: the last value wins
            let key = rng.pick(["status", "body", "url", "headers"])
            guard let index = record.firstIndex(where: { $0.name == key }) else { return "none" }
            let other: Fragment
            switch key {
            case "status": other = .text(rng.pick(["404", "200", "\"200\""]))
            case "body": other = rng.pick([.bytes(Array("{\"items\":[]}".utf8)), .bytes([0x01]), .bytes([0xFF]),
                                           .raw(Array(#""\ud800""#.utf8)), .raw(Array(#""\x""#.utf8)), .text("null")])
            case "url": other = .string(DifferentialText.scalars("https://other/é"))
            default: other = .text("{}")
            }
            let copy = Member(key, other)
            if rng.chance(50) { record.insert(copy, at: index) } else { record.insert(copy, at: index + 1) }
            return "\(key) twice"
        case 8: // a body string that is not valid JSON text
            guard let index = record.firstIndex(where: { $0.name == "body" }) else { return "none" }
            record[index].value = .raw(Array(rng.pick([#""\ud800""#, #""{\x}""#, #""{\u12""#, #""{\"items\":[]}"#, "\"\u{1}\"",
                                                        #""\uDC00{}""#, #""{\"items\":[]}\"#, "\"{\\\"items\\\":[]}\u{1F}\"",
                                                        "\"{\\\"items\\\":[]}\u{7F}\"", "\"{\\\"items\\\":[\u{9}]}\"",
                                                        "\"{\\\"items\\\":[]}\\u001F\""]).utf8))
            return "invalid body string"
        case 9: // not a response record
            let value = rng.pick(["[]", "\"record\"", "1", "null", "true", "{}"])
            record = [Member("", .text(value))]
            return "not an object: \(value)"
        case 10: // a bare payload document
            record = payload()
            return "bare payload"
        case 11: // an error record
            record = [Member("url", .string(DifferentialText.scalars("https://h/feed"))),
                      Member("error", .text(rng.pick([#"{"kind":"connectivity","message":"refused"}"#, #"{"kind":"not-found"}"#,
                                                       #"{"kind":"bogus"}"#, #"{"message":"m"}"#])))]
            return "error record"
        default:
            return "bytes"
        }
    }

    // MARK: Writing

    mutating func payloadBytes(_ members: [Member]) -> [UInt8] {
        spaced = rng.chance(25)
        escapePercent = rng.chance(30) ? 25 : 3
        var out: [UInt8] = []
        write(.object(members), to: &out)
        return out
    }

    mutating func write(_ members: [Member]) -> [UInt8] {
        // `record = [Member("", value)]` stands for a record that is not an object.
        if members.count == 1, members[0].name.isEmpty, case .raw(let value) = members[0].value { return value }
        spaced = rng.chance(20)
        escapePercent = rng.chance(20) ? 20 : 2
        var out: [UInt8] = []
        write(.object(members), to: &out)
        return out
    }

    private mutating func space(_ out: inout [UInt8]) {
        guard spaced, rng.chance(50) else { return }
        for _ in 0...rng.below(2) { out.append(rng.pick(DifferentialText.whitespace)) }
    }

    private mutating func write(_ fragment: Fragment, to out: inout [UInt8]) {
        switch fragment {
        case .raw(let bytes):
            out.append(contentsOf: bytes)
        case .string(let scalars):
            DifferentialText.appendString(scalars, to: &out, escapePercent: escapePercent, slashEscapePercent: 5, rng: &rng)
        case .bytes(let bytes):
            if let text = String(validating: bytes, as: UTF8.self) {
                DifferentialText.appendString(DifferentialText.scalars(text), to: &out, escapePercent: escapePercent,
                                              slashEscapePercent: 5, rng: &rng)
            } else {
                out.append(0x22)
                for byte in bytes {
                    switch byte {
                    case 0x22: out.append(contentsOf: #"\""#.utf8)
                    case 0x5C: out.append(contentsOf: #"\\"#.utf8)
                    case 0x0A: out.append(contentsOf: #"\n"#.utf8)
                    default: out.append(byte)
                    }
                }
                out.append(0x22)
            }
        case .array(let elements):
            out.append(UInt8(ascii: "["))
            space(&out)
            for (index, element) in elements.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")); space(&out) }
                write(element, to: &out)
                space(&out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            space(&out)
            for (index, member) in members.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")); space(&out) }
                DifferentialText.appendString(member.key, to: &out, escapePercent: 0, slashEscapePercent: 0,
                                              escapeFirst: member.escapedKey, rng: &rng)
                space(&out)
                out.append(UInt8(ascii: ":"))
                space(&out)
                write(member.value, to: &out)
                space(&out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }
}
