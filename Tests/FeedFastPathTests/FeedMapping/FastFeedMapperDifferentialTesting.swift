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
///
/// What the `FastFeedMapper*DifferentialTests` share: the ways into the fast
/// path, the reference path, and the comparison of the two.
protocol FastFeedMapperDifferentialTesting: XCTestCase {}

extension FastFeedMapperDifferentialTesting {

    static var validCount: Int { 800 }
    static var mutatedCount: Int { 2_500 }
    static var streamCount: Int { 250 }

    // MARK: - The fast path, whole and its first way alone

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
        guard let base = input.baseAddress, let fastSchema = FastSchema.of(schema) else { return nil }
        var cursor = JSONCursor(JSONScanner(input, from: offset))
        guard let (bodyStart, fields) = ResponseRecordScan.bodyStart(&cursor) else { return nil }
        let window = bodyStart..<min(input.count, bodyStart + FastFeedMapper.undecodedLimit)
        guard let mapped = FeedPayloadMapper.map(EscapedJSONScanner.self, base: base, window, schema: fastSchema,
                                                 arena: arena, releasesInput: false) else { return nil }
        cursor.index = mapped.end
        guard ResponseRecordScan.finishRecord(&cursor) else { return nil }
        mapped.write(write, closing: FeedDocument.compactClosing(validators: fields.validators))
        return cursor.index
    }

    // MARK: - Comparing with the reference

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
    static func referenceStep(_ buffer: UnsafeBufferPointer<UInt8>, at offset: inout Int, schema: FeedSchema,
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
                    let document = try FeedItemsMapper.map(response, schema: schema)
                    expected.lines.append(.exact(writer.line(document.json)))
                } catch {
                    fail(error, url: response.url)
                }
            case .document(let payload):
                expected.lines.append(.exact(writer.line(try FeedItemsMapper.map(payload: payload, schema: schema).json)))
            case .error(let record):
                expected.lines.append(.exact(writer.line(record.json)))
                note(record.kind.exitCode)
            case .fresh(let fresh):
                expected.lines.append(.exact(writer.line(fresh.json)))
            }
        } catch {
            fail(error, url: nil)
        }
        return true
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
    func compare(_ input: [UInt8], schema: FeedSchema, expected: Expected, label: String, failures: inout FailureLog) {
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

/// What feed-map's loop gives for an input, and what went wrong on the way.
struct FastRun {
    var result = Expected()
    /// Records the fast path took.
    var taken = 0
    var problems: [String] = []
}
