import XCTest
import FeedTestSupport
import Foundation
@testable import FeedFastPath
@testable import FeedCore

/// `JSONScanner` and `EscapedJSONScanner` (which build nothing) against
/// `JSONReader`, on the generated and mutated documents and on strings.
/// Every run sees the same cases (fixed seeds); a failure names its seed and case.
final class JSONScannerDifferentialTests: XCTestCase, JSONReaderDifferentialTesting {

    func test_scanner_agreesWithReader_onGeneratedAndMutatedDocuments() {
        var failures = FailureLog(self)
        var accepted = 0, rejected = 0
        let corpora = [("generated", Self.generatedSeed, Self.generatedCorpus()),
                       ("mutated", Self.mutatedSeed, Self.mutatedCorpus())]
        for (name, seed, corpus) in corpora {
            for (index, bytes) in corpus.enumerated() {
                let reader = (try? JSONReader.parseSingle(bytes)) != nil
                let scanner = Self.scannerAccepts(bytes)
                if reader { accepted += 1 } else { rejected += 1 }
                if reader != scanner {
                    failures.fail("\(name) #\(index) (seed \(seed)): JSONReader \(reader ? "accepts" : "rejects"), "
                                  + "JSONScanner \(scanner ? "accepts" : "rejects"): \(Printable.bytes(bytes))")
                }
            }
        }
        XCTAssertGreaterThan(accepted, Self.generatedCount)
        XCTAssertGreaterThan(rejected, Self.mutatedCount / 2)
    }

    // MARK: - EscapedJSONScanner vs JSONReader

    /// Every generated and mutated document, held in a JSON string as a
    /// record's body holds it (written by `JSONWriter`, and again with every
    /// slash escaped), read in place by `EscapedJSONScanner`: whatever it
    /// accepts, `JSONReader` accepts; whatever `JSONReader` accepts, it accepts
    /// too, unless the document holds a surrogate escape (left to decoding).
    func test_escapedScanner_agreesWithReader_onDocumentsHeldInAString() {
        var failures = FailureLog(self)
        var accepted = 0, rejected = 0
        let corpora = [("generated", Self.generatedSeed, Self.generatedCorpus()),
                       ("mutated", Self.mutatedSeed, Self.mutatedCorpus())]
        for (name, seed, corpus) in corpora {
            for (index, bytes) in corpus.enumerated() where String(validating: bytes, as: UTF8.self) != nil {
                let reader = (try? JSONReader.parseSingle(bytes)) != nil
                let mustAccept = reader && !FeedRecordGenerator.hasSurrogateEscape(bytes)
                var held: [UInt8] = []
                bytes.withUnsafeBufferPointer { JSONWriter.appendString(utf8: $0, to: &held) }
                let slashed = held.flatMap { $0 == UInt8(ascii: "/") ? [0x5C, $0] : [$0] }
                for (form, string) in [("as written", held), ("slashes escaped", slashed)] {
                    let escaped = Self.escapedScannerAccepts(string)
                    if escaped { accepted += 1 } else { rejected += 1 }
                    if escaped && !reader || mustAccept && !escaped {
                        failures.fail("\(name) #\(index) (seed \(seed)), \(form): JSONReader \(reader ? "accepts" : "rejects"), "
                                      + "EscapedJSONScanner \(escaped ? "accepts" : "rejects"): \(Printable.bytes(bytes))")
                    }
                }
            }
        }
        XCTAssertGreaterThan(accepted, Self.generatedCount)
        XCTAssertGreaterThan(rejected, Self.mutatedCount / 2)
    }

    /// String literals with every kind of escape, and mutations of them, held
    /// in a JSON string: `EscapedJSONScanner.string()` takes what `JSONReader`
    /// takes (but surrogate escapes), ends where it ends, and `decode` gives
    /// the same value.
    func test_escapedScannerStrings_agreeWithReader() {
        var rng = SplitMix64(seed: Self.stringSeed ^ 0xE5C)
        var failures = FailureLog(self)
        var accepted = 0
        for index in 0..<Self.stringCount {
            var literal: [UInt8] = []
            let scalars = DifferentialText.randomScalars(&rng, count: rng.below(rng.chance(10) ? 200 : 20))
            DifferentialText.appendString(scalars, to: &literal, escapePercent: rng.pick([0, 10, 50]), rng: &rng)
            var generator = DifferentialJSONGenerator(seed: rng.next())
            let bytes = rng.chance(40) ? generator.mutate(literal) : literal
            guard bytes.first == 0x22, String(validating: bytes, as: UTF8.self) != nil else { continue }
            let label = "string #\(index) \(Printable.bytes(bytes))"
            var end = 0
            let read: (value: [UInt8], end: Int)? = bytes.withUnsafeBufferPointer { buffer in
                guard case .string(let value)? = try? JSONReader.value(in: buffer, at: &end) else { return nil }
                return (Array(value.utf8), end)
            }
            var held: [UInt8] = []
            bytes.withUnsafeBufferPointer { JSONWriter.appendString(utf8: $0, to: &held) }
            held.withUnsafeMutableBufferPointer { buffer in
                guard let base = buffer.baseAddress else { return }
                var scanner = EscapedJSONScanner(base, from: 1, to: buffer.count)
                let span = scanner.string()
                let mustAccept = read != nil && !FeedRecordGenerator.hasSurrogateEscape(Array(bytes[..<(read?.end ?? 0)]))
                if span != nil && read == nil || mustAccept && span == nil {
                    failures.fail("\(label): EscapedJSONScanner \(span != nil ? "accepts" : "rejects"), JSONReader \(read != nil ? "accepts" : "rejects")")
                }
                guard let span, let read else { return }
                accepted += 1
                // Where the literal ends in the held string: its bytes before that point, written by JSONWriter.
                var prefix: [UInt8] = []
                bytes[..<read.end].withUnsafeBufferPointer { JSONWriter.appendString(utf8: $0, to: &prefix) }
                if scanner.index != prefix.count - 1 { failures.fail("\(label): string() ends at \(scanner.index), expected \(prefix.count - 1)") }
                var decoded: [UInt8] = []
                scanner.decode(span, into: &decoded)
                if decoded != read.value {
                    failures.fail("\(label): decode gives \(Printable.bytes(decoded)), JSONReader \(Printable.bytes(read.value))")
                }
            }
        }
        XCTAssertGreaterThan(accepted, Self.stringCount / 3)
    }

    /// The scanner's string readers (`string()` checks, `unescapeInPlace`
    /// decodes a checked span) against `JSONReader`, on string literals with
    /// every kind of escape, and mutations of them.
    func test_scannerStrings_agreeWithReader() {
        var rng = SplitMix64(seed: Self.stringSeed)
        var failures = FailureLog(self)
        var accepted = 0, rejected = 0
        for index in 0..<Self.stringCount {
            var literal: [UInt8] = []
            let scalars = DifferentialText.randomScalars(&rng, count: rng.below(rng.chance(10) ? 200 : 20))
            DifferentialText.appendString(scalars, to: &literal, escapePercent: rng.pick([0, 10, 50]), rng: &rng)
            var generator = DifferentialJSONGenerator(seed: rng.next())
            var bytes = rng.chance(60) ? generator.mutate(literal) : literal
            bytes.append(contentsOf: rng.pick([[], [0x20], Array(",1".utf8), [0x22], [0x5C]]))
            guard bytes.first == 0x22 else { continue }
            let label = "string #\(index) (seed \(Self.stringSeed)) \(Printable.bytes(bytes))"

            var end = 0
            let read: (value: [UInt8], end: Int)? = bytes.withUnsafeBufferPointer { buffer in
                guard case .string(let value)? = try? JSONReader.value(in: buffer, at: &end) else { return nil }
                return (Array(value.utf8), end)
            }
            if read == nil { rejected += 1 } else { accepted += 1 }

            var copy = bytes
            copy.withUnsafeMutableBufferPointer { buffer in
                var scanner = JSONScanner(buffer)
                let span = scanner.string()
                if (span != nil) != (read != nil) {
                    failures.fail("\(label): string() \(span != nil ? "accepts" : "rejects"), JSONReader \(read != nil ? "accepts" : "rejects")")
                }
                guard let span, let read else { return }
                if scanner.index != read.end { failures.fail("\(label): string() ends at \(scanner.index), JSONReader at \(read.end)") }
                let decodedEnd = scanner.unescapeInPlace(span)
                let decoded = Array(buffer[span.start..<decodedEnd])
                if decoded != read.value {
                    failures.fail("\(label): unescapeInPlace gives \(Printable.bytes(decoded)), JSONReader \(Printable.bytes(read.value))")
                }
            }

            // `decode(_:into:)`, as feed-map's second way decodes a record's body into a scratch copy: the input untouched.
            copy = bytes
            copy.withUnsafeMutableBufferPointer { buffer in
                var scanner = JSONScanner(buffer)
                guard let span = scanner.string(), let read else { return }
                var decoded: [UInt8] = [0x58] // what was there before is dropped
                scanner.decode(span, into: &decoded)
                if decoded != read.value {
                    failures.fail("\(label): decode(_:into:) gives \(Printable.bytes(decoded)), JSONReader \(Printable.bytes(read.value))")
                }
            }
            if copy != bytes { failures.fail("\(label): decode(_:into:) changed the input") }
        }
        XCTAssertGreaterThan(accepted, Self.stringCount / 4)
        XCTAssertGreaterThan(rejected, Self.stringCount / 10)
    }

    func test_scanner_agreesWithReader_atTheDepthLimit() {
        for depth in [1, 2, 50, 511, 512, 513, 600] {
            for (open, close) in [("[", "]"), ("{\"k\":", "}")] {
                let text = String(repeating: open, count: depth) + "0" + String(repeating: close, count: depth)
                let bytes = Array(text.utf8)
                let reader = (try? JSONReader.parseSingle(bytes)) != nil
                XCTAssertEqual(reader, depth <= JSONReader.defaultMaxDepth, "depth \(depth) \(open)")
                XCTAssertEqual(Self.scannerAccepts(bytes), reader, "depth \(depth) \(open)")
            }
        }
    }
}
