import XCTest
import FeedTestSupport
import Foundation
@testable import FeedFastPath
@testable import FeedCore

/// Differential tests of the JSON readers: `JSONReader` against Foundation's
/// `JSONSerialization`, and `JSONScanner` (which builds nothing) against
/// `JSONReader`, on thousands of generated documents and mutations of them.
/// Every run sees the same cases (fixed seeds); a failure names its seed and case.
final class JSONReaderDifferentialTests: XCTestCase {

    static let generatedSeed: UInt64 = 0x4A53_4F4E_0000_0001
    static let mutatedSeed: UInt64 = 0x4A53_4F4E_0000_0002
    static let generatedCount = 3_000
    static let mutatedCount = 12_000
    static let stringSeed: UInt64 = 0x4A53_4F4E_0000_0003
    static let stringCount = 6_000

    // MARK: - JSONReader vs JSONSerialization

    func test_reader_agreesWithFoundation_onGeneratedDocuments() {
        var failures = FailureLog(self)
        var tally = Tally()
        for (index, bytes) in Self.generatedCorpus().enumerated() {
            let label = "generated #\(index) (seed \(Self.generatedSeed))"
            // The generator writes only valid RFC 8259 text, away from Foundation's corners.
            if let corner = FoundationCorner.reason(bytes) {
                failures.fail("\(label): the generator wrote a Foundation corner (\(corner)): \(Printable.bytes(bytes))")
                continue
            }
            compareWithFoundation(bytes, label: label, failures: &failures, tally: &tally)
            if (try? JSONReader.parseSingle(bytes)) == nil {
                failures.fail("\(label): JSONReader rejects a valid generated document: \(Printable.bytes(bytes))")
            }
        }
        XCTAssertEqual(tally.acceptedByBoth, Self.generatedCount, "every generated document is valid JSON")
        XCTAssertEqual(tally.rejectedByBoth, 0)
    }

    func test_reader_agreesWithFoundation_onMutatedDocuments() {
        var failures = FailureLog(self)
        var tally = Tally()
        for (index, bytes) in Self.mutatedCorpus().enumerated() {
            if FoundationCorner.reason(bytes) != nil {
                tally.corners += 1 // a documented difference: see the knownDifference tests below
                continue
            }
            compareWithFoundation(bytes, label: "mutated #\(index) (seed \(Self.mutatedSeed))", failures: &failures, tally: &tally)
        }
        // The mutations must leave both outcomes well represented, or the test proves little.
        XCTAssertGreaterThan(tally.acceptedByBoth, Self.mutatedCount / 20, "mutated inputs that are still valid")
        XCTAssertGreaterThan(tally.rejectedByBoth, Self.mutatedCount / 2, "mutated inputs that are invalid")
        XCTAssertLessThan(tally.corners, Self.mutatedCount / 20, "inputs left out as Foundation corners")
    }

    // MARK: - JSONScanner vs JSONReader

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

    // MARK: - Edges where the product and Foundation agree (pinned)

    func test_edges_agreeWithFoundationAndScanner() {
        let deep512 = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        let deep513 = String(repeating: "[", count: 513) + String(repeating: "]", count: 513)
        let cases: [(bytes: [UInt8], accepted: Bool, what: String)] = [
            (Array(deep512.utf8), true, "nesting 512 deep (both limits are 512)"),
            (Array(deep513.utf8), false, "nesting 513 deep"),
            (Array(#""\ud800""#.utf8), false, "lone high surrogate"),
            (Array(#""\udc00""#.utf8), false, "lone low surrogate"),
            (Array(#""\ud800\u0041""#.utf8), false, "high surrogate then a non-surrogate"),
            (Array(#""\uDD1E\uD834""#.utf8), false, "surrogates in the wrong order"),
            (Array(#""\uD834\uDD1E""#.utf8), true, "a surrogate pair"),
            (Array("01".utf8), false, "leading zero"),
            (Array("-01".utf8), false, "leading zero after minus"),
            (Array("[01]".utf8), false, "leading zero in an array"),
            (Array("1.".utf8), false, "no digits after the point"),
            (Array(".5".utf8), false, "no digits before the point"),
            (Array("1e".utf8), false, "no exponent digits"),
            (Array("-".utf8), false, "a minus alone"),
            (Array("1e-400".utf8), true, "an underflowing number (0)"),
            (Array("[1] x".utf8), false, "trailing garbage"),
            (Array("1 2".utf8), false, "two values"),
            (Array(#""a""b""#.utf8), false, "two strings"),
            (Array("truex".utf8), false, "a literal run on"),
            (Array("tRue".utf8), false, "a literal in the wrong case"),
            (Array("NaN".utf8), false, "NaN"),
            (Array("Infinity".utf8), false, "Infinity"),
            (Array("".utf8), false, "empty input"),
            (Array(" \n\t\r ".utf8), false, "white space only"),
            (Array("\u{0B}1".utf8), false, "vertical tab is not JSON white space"),
            (Array("\u{0C}1".utf8), false, "form feed is not JSON white space"),
            (Array(" 1 \u{A0}".utf8), false, "no-break space is not JSON white space"),
            (Array(" \u{FEFF}1".utf8), false, "a byte order mark after white space"),
            ([0x22, 0xFF, 0x22], false, "0xFF in a string"),
            ([0x22, 0x80, 0x22], false, "a lone continuation byte in a string"),
            ([0x22, 0xC3, 0x22], false, "a truncated sequence in a string"),
            ([0x22, 0xC0, 0x80, 0x22], false, "an overlong sequence in a string"),
            ([0x22, 0xED, 0xA0, 0x80, 0x22], false, "a UTF-8 encoded surrogate in a string"),
            ([0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], false, "beyond U+10FFFF in a string"),
            ([0x22, 0xF5, 0x80, 0x80, 0x80, 0x22], false, "an F5 lead byte in a string"),
            ([0xFF, 0x31], false, "0xFF before a value"),
            ([0x80], false, "a continuation byte alone"),
            ([0x22, 0x01, 0x22], false, "a raw control character in a string"),
            ([0x22, 0x61, 0x00, 0x22], false, "a raw NUL in a string"),
            ([0x5B, 0x31, 0x5D, 0x00], false, "a NUL after the value"),
            ([0x22, 0x7F, 0x22], true, "a raw DEL in a string (not a control character in JSON)"),
            (Array(#""\u12""#.utf8), false, "a short \\u escape"),
            (Array(#""\x""#.utf8), false, "an unknown escape"),
            (Array(#""\U0041""#.utf8), false, "an upper-case \\U"),
            (Array(#""\u0000""#.utf8), true, "an escaped NUL"),
            (Array("[1,,2]".utf8), false, "an empty element"),
            (Array("[,1]".utf8), false, "a leading comma"),
            (Array("[,]".utf8), false, "a comma alone"),
            (Array("{,}".utf8), false, "a comma alone in an object"),
            (Array(#"{"a":1,,"b":2}"#.utf8), false, "an empty member"),
            (Array(#"{"a" 1}"#.utf8), false, "no colon"),
            (Array(#"{"a":1,"a":2}"#.utf8), true, "a duplicate key (last wins in both)"),
        ]
        for (bytes, accepted, what) in cases {
            let reader = (try? JSONReader.parseSingle(bytes)) != nil
            XCTAssertEqual(reader, accepted, "JSONReader: \(what)")
            XCTAssertEqual(Self.foundationParse(bytes) != nil, accepted, "JSONSerialization: \(what)")
            XCTAssertEqual(Self.scannerAccepts(bytes), accepted, "JSONScanner: \(what)")
        }
        // Values of the accepted ones match too.
        for (bytes, accepted, what) in cases where accepted {
            guard let value = try? JSONReader.parseSingle(bytes), let foundation = Self.foundationParse(bytes) else { continue }
            XCTAssertEqual(JSONShape(value), foundation, what)
        }
    }

    // MARK: - Known differences from Foundation on Linux (the product stays strict)

    /// Foundation on Linux accepts a trailing comma (`[1,]`, `{"a":1,}`, `[1 , ]`);
    /// RFC 8259 has no such production, and the product rejects it. The
    /// differential tests leave such inputs out (`FoundationCorner.trailingComma`).
    func test_knownDifference_trailingCommasAreRejected() {
        for text in ["[1,]", "[1 , ]", "[1,\n]", #"{"a":1,}"#, #"{"a":[1,],}"#, #"{"a":1 ,  }"#, "[[],]"] {
            let bytes = Array(text.utf8)
            XCTAssertThrowsError(try JSONReader.parseSingle(bytes), text)
            XCTAssertFalse(Self.scannerAccepts(bytes), text)
        }
    }

    /// Foundation on Linux detects the encoding of its input: it skips a UTF-8
    /// byte order mark and reads text with a NUL among its first bytes, or with a
    /// UTF-16/32 byte order mark, as UTF-16 or UTF-32 (`31 00` is the number 1).
    /// RFC 8259 §8.1: JSON text exchanged between systems MUST be UTF-8, with no
    /// BOM added (a parser MAY ignore one). The product reads UTF-8 only and
    /// rejects a BOM and any NUL byte outside a string escape. The differential
    /// tests leave such inputs out (`FoundationCorner.encodingDetection`).
    func test_knownDifference_onlyUTF8WithoutByteOrderMarkIsRead() {
        let inputs: [[UInt8]] = [
            [0xEF, 0xBB, 0xBF, 0x31],             // UTF-8 BOM + 1
            [0xEF, 0xBB, 0xBF, 0x7B, 0x7D],       // UTF-8 BOM + {}
            [0xEF, 0xBB, 0xBF, 0x20, 0x31],       // UTF-8 BOM + white space + 1
            [0x31, 0x00],                         // "1" in UTF-16LE
            [0x00, 0x31],                         // "1" in UTF-16BE
            [0x22, 0x00, 0x22, 0x00],             // "" in UTF-16LE
            [0xFF, 0xFE, 0x31, 0x00],             // UTF-16LE BOM + "1"
            [0xFE, 0xFF, 0x00, 0x31],             // UTF-16BE BOM + "1"
            [0x00, 0x00, 0x00, 0x31],             // "1" in UTF-32BE
            [0x31, 0x00, 0x00, 0x00],             // "1" in UTF-32LE
        ]
        for bytes in inputs {
            XCTAssertThrowsError(try JSONReader.parseSingle(bytes), "\(bytes)")
            XCTAssertFalse(Self.scannerAccepts(bytes), "\(bytes)")
            XCTAssertNotNil(FoundationCorner.reason(bytes), "the corner filter must know \(bytes)")
        }
    }

    /// Foundation on Linux rejects a number that overflows a Double ("Number
    /// 1e400 is not representable in Swift") and reads integers beyond 64 bits
    /// as NSDecimalNumber. RFC 8259 §6 sets no limit; the product keeps every
    /// number's exact text, so a value passes through unchanged. The
    /// differential tests leave such numbers out (`FoundationCorner.numberBeyondDouble`).
    func test_knownDifference_numbersBeyondDoubleKeepTheirText() throws {
        for text in ["1e400", "-1e400", "2e308", "1E+99999", "123456789012345678901234567890", "-9223372036854775809"] {
            XCTAssertEqual(try JSONReader.parseSingle(Array(text.utf8)), .number(text))
            XCTAssertEqual(try JSONReader.parseSingle(Array("[\(text)]".utf8)), .array([.number(text)]))
            XCTAssertTrue(Self.scannerAccepts(Array(text.utf8)), text)
            XCTAssertNotNil(FoundationCorner.reason(Array(text.utf8)), "the corner filter must know \(text)")
        }
    }

    /// Foundation on Linux reads a number written in 18 or more characters up
    /// to several ulps off the correctly rounded Double ("566136936944.776038"
    /// gives 566136936944.7761; shorter texts are read exactly). The product
    /// keeps the exact text, and reading that text gives the correctly rounded
    /// value. The differential tests generate numbers of at most 17 characters
    /// and compare longer ones (from mutations) within 16 ulps
    /// (`FoundationCorner.longNumber`).
    func test_knownDifference_longNumbersAreReadExactly() throws {
        let cases: [(text: String, nearest: Double)] = [
            ("566136936944.776038", 566136936944.776),
            ("-85983403222.07293", -85983403222.07294),
            ("538111539858780.277E+20", 5.381115398587803e+34),
            ("3453.1589462039379", 3453.158946203938),
        ]
        for (text, nearest) in cases {
            XCTAssertEqual(try JSONReader.parseSingle(Array(text.utf8)), .number(text))
            XCTAssertEqual(Double(text), nearest, text)
            XCTAssertTrue(FoundationCorner.longNumber(Array(text.utf8)), text)
        }
        XCTAssertFalse(FoundationCorner.longNumber(Array(#"[1234567890123456, -0.0012345678e-9, "123456789012345678"]"#.utf8)))
    }

    /// Foundation reads an object into a `[String: Any]`, whose keys compare by
    /// canonical equivalence: "\u{E9}" and "e\u{301}" are one key there (the
    /// last value wins). RFC 8259 §8.3: names compare code unit by code unit.
    /// The product keeps them as two keys, in order, and writes them back
    /// unchanged (a cached feed item keeps all its keys); a key repeated with
    /// the same bytes, however it is escaped, is one key whose last value wins.
    /// The generator's key pool holds no two canonically equivalent keys.
    func test_knownDifference_keysCompareByCodeUnits() throws {
        let composed = "\u{E9}", decomposed = "e\u{301}"
        let text = "{\"\(composed)\":1,\"\(decomposed)\":2}"
        let value = try JSONReader.parseSingle(Array(text.utf8))
        let members = try XCTUnwrap(value.objectValue).members
        XCTAssertEqual(members.map { Array($0.key.utf8) }, [[0xC3, 0xA9], [0x65, 0xCC, 0x81]])
        XCTAssertEqual(members.map(\.value), [.number("1"), .number("2")])
        XCTAssertEqual(JSONWriter().line(value), Array(text.utf8) + [0x0A])
        XCTAssertTrue(Self.scannerAccepts(Array(text.utf8)))

        let escaped = try JSONReader.parseSingle(Array(#"{"é":1,"\u00e9":2,"e\u0301":3,"\u0065\u0301":4}"#.utf8))
        XCTAssertEqual(try XCTUnwrap(escaped.objectValue).members.map { Array($0.key.utf8) }, [[0xC3, 0xA9], [0x65, 0xCC, 0x81]])
        XCTAssertEqual(try XCTUnwrap(escaped.objectValue).members.map(\.value), [.number("2"), .number("4")])

        // The same past 16 members, where the reader looks keys up in a table.
        let filler = (0..<20).map { "\"k\($0)\":0," }.joined()
        let large = try JSONReader.parseSingle(Array("{\(filler)\"\(composed)\":1,\"\(decomposed)\":2,\"\\u00E9\":3,\"k0\":5}".utf8))
        let largeMembers = try XCTUnwrap(large.objectValue).members
        XCTAssertEqual(largeMembers.count, 22)
        XCTAssertEqual(largeMembers[0].value, .number("5"))
        XCTAssertEqual(Array(largeMembers[20].key.utf8), [0xC3, 0xA9])
        XCTAssertEqual(largeMembers[20].value, .number("3"))
        XCTAssertEqual(Array(largeMembers[21].key.utf8), [0x65, 0xCC, 0x81])
        XCTAssertEqual(largeMembers[21].value, .number("2"))
    }

    /// The corner filter is narrow: it does not fire on ordinary valid text.
    func test_cornerFilter_leavesOrdinaryTextAlone() {
        for text in [#"{"a":[1,2],"b":"x,]"}"#, #"[1, 2]"#, #""[1,]""#, "1e300", "-12345678901234567", "0.5e-10", #"{"k":",}"}"#] {
            XCTAssertNil(FoundationCorner.reason(Array(text.utf8)), text)
        }
    }

    // MARK: - The corpus

    static func generatedCorpus() -> [[UInt8]] {
        var generator = DifferentialJSONGenerator(seed: generatedSeed)
        return (0..<generatedCount).map { _ in generator.document() }
    }

    static func mutatedCorpus() -> [[UInt8]] {
        var generator = DifferentialJSONGenerator(seed: mutatedSeed)
        return (0..<mutatedCount).map { _ in
            let document = generator.document(small: true)
            return generator.mutate(document)
        }
    }

    // MARK: - Helpers

    struct Tally {
        var acceptedByBoth = 0
        var rejectedByBoth = 0
        var corners = 0
    }

    private func compareWithFoundation(_ bytes: [UInt8], label: String, failures: inout FailureLog, tally: inout Tally) {
        let product = try? JSONReader.parseSingle(bytes)
        let foundation = Self.foundationParse(bytes)
        switch (product, foundation) {
        case (nil, nil):
            tally.rejectedByBoth += 1
        case (let value?, let expected?):
            tally.acceptedByBoth += 1
            let shape = JSONShape(value)
            // Foundation reads numbers of 18 or more characters inexactly (see
            // test_knownDifference_longNumbersAreReadExactly): there, numbers a few ulps apart match.
            let ulps = FoundationCorner.longNumber(bytes) ? 16 : 0
            if !shape.matches(expected, ulps: ulps) {
                failures.fail("\(label): values differ for \(Printable.bytes(bytes))\n  JSONReader: \(shape)\n  Foundation: \(expected)")
            }
        case (nil, _?):
            failures.fail("\(label): JSONReader rejects what Foundation accepts: \(Printable.bytes(bytes))")
        case (_?, nil):
            failures.fail("\(label): JSONReader accepts what Foundation rejects: \(Printable.bytes(bytes))")
        }
    }

    /// Foundation's reading, in comparable form; nil when it throws.
    static func foundationParse(_ bytes: [UInt8]) -> JSONShape? {
        guard let any = try? JSONSerialization.jsonObject(with: Data(bytes), options: .fragmentsAllowed) else { return nil }
        return JSONShape(foundation: any)
    }

    /// `bytes` is a JSON string literal: `EscapedJSONScanner` reads one value
    /// inside it, then white space, then its closing quote, then nothing.
    static func escapedScannerAccepts(_ bytes: [UInt8]) -> Bool {
        var copy = bytes
        return copy.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return false }
            var scanner = EscapedJSONScanner(base, from: 1, to: buffer.count)
            return scanner.skipValue() && scanner.finishPayload() && scanner.index == buffer.count
        }
    }

    /// `JSONScanner.skipValue()` then nothing but white space.
    static func scannerAccepts(_ bytes: [UInt8]) -> Bool {
        var copy = bytes
        return copy.withUnsafeMutableBufferPointer { buffer in
            var scanner = JSONScanner(buffer)
            guard scanner.skipValue() else { return false }
            scanner.skipWhitespace()
            return scanner.atEnd
        }
    }
}

// MARK: - A comparable form of a JSON value

/// Numbers as Double, strings as their exact UTF-8 bytes, objects as
/// dictionaries (a duplicate key: the last value wins), arrays in order.
indirect enum JSONShape: Equatable, CustomStringConvertible {
    case null
    case bool(Bool)
    case number(Double)
    case string([UInt8])
    case array([JSONShape])
    case object([[UInt8]: JSONShape])
    case unknown(String)

    init(_ json: JSON) {
        switch json {
        case .null: self = .null
        case .bool(let flag): self = .bool(flag)
        case .number(let text): self = Double(text).map(JSONShape.number) ?? .unknown("number \(text)")
        case .string(let string): self = .string(Array(string.utf8))
        case .array(let elements): self = .array(elements.map(JSONShape.init))
        case .object(let object):
            var members: [[UInt8]: JSONShape] = [:]
            for member in object.members { members[Array(member.key.utf8)] = JSONShape(member.value) }
            self = .object(members)
        }
    }

    /// Equal, numbers allowed `ulps` apart.
    func matches(_ other: JSONShape, ulps: Int) -> Bool {
        switch (self, other) {
        case (.number(let a), .number(let b)):
            var low = b, high = b
            for _ in 0..<ulps { low = low.nextDown; high = high.nextUp }
            return a >= low && a <= high
        case (.array(let a), .array(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.matches($1, ulps: ulps) }
        case (.object(let a), .object(let b)):
            return a.count == b.count && a.allSatisfy { key, value in b[key].map { value.matches($0, ulps: ulps) } ?? false }
        default:
            return self == other
        }
    }

    init(foundation any: Any) {
        if any is NSNull {
            self = .null
        } else if let string = any as? String {
            self = .string(Array(string.utf8))
        } else if let number = any as? NSNumber {
            // JSONSerialization gives booleans as NSNumber of type char ("c"); numbers never are.
            if String(cString: number.objCType) == "c" {
                self = .bool(number.boolValue)
            } else {
                self = .number(number.doubleValue)
            }
        } else if let array = any as? [Any] {
            self = .array(array.map { JSONShape(foundation: $0) })
        } else if let dictionary = any as? [String: Any] {
            var members: [[UInt8]: JSONShape] = [:]
            for (key, value) in dictionary { members[Array(key.utf8)] = JSONShape(foundation: value) }
            self = .object(members)
        } else {
            self = .unknown("\(type(of: any))")
        }
    }

    var description: String {
        switch self {
        case .null: return "null"
        case .bool(let flag): return "\(flag)"
        case .number(let value): return "\(value)"
        case .string(let bytes): return Printable.bytes(bytes)
        case .array(let elements): return "[" + elements.map(\.description).joined(separator: ",") + "]"
        case .object(let members):
            let sorted = members.map { (Printable.bytes($0.key), $0.value.description) }.sorted { $0.0 < $1.0 }
            return "{" + sorted.map { "\($0.0):\($0.1)" }.joined(separator: ",") + "}"
        case .unknown(let what): return "<unknown \(what)>"
        }
    }
}

// MARK: - Where Foundation on Linux departs from RFC 8259

/// Inputs on which `JSONSerialization` (Linux) is knowingly more lenient or
/// more limited than RFC 8259; the differential tests leave them out and the
/// `knownDifference` tests pin the product's behaviour there. The check is
/// lexical (strings skipped), made without asking either parser.
enum FoundationCorner {
    static func reason(_ bytes: [UInt8]) -> String? {
        if encodingDetection(bytes) { return "encoding detection (BOM or NUL in the first bytes)" }
        if trailingComma(bytes) { return "trailing comma" }
        if numberBeyondDouble(bytes) { return "number beyond Double" }
        return nil
    }

    /// A byte order mark, or a NUL among the first four bytes (Foundation reads UTF-16/32).
    static func encodingDetection(_ bytes: [UInt8]) -> Bool {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) || bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE]) {
            return true
        }
        return bytes.prefix(4).contains(0)
    }

    /// `,` then white space then `]` or `}`, outside strings.
    static func trailingComma(_ bytes: [UInt8]) -> Bool {
        var found = false
        forEachOutsideStrings(bytes) { index in
            guard bytes[index] == UInt8(ascii: ",") else { return }
            var next = index + 1
            while next < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[next]) { next += 1 }
            if next < bytes.count, bytes[next] == UInt8(ascii: "]") || bytes[next] == UInt8(ascii: "}") { found = true }
        }
        return found
    }

    /// A number token that overflows a Double, or an integer of more than 18 digits.
    static func numberBeyondDouble(_ bytes: [UInt8]) -> Bool {
        var found = false
        forEachNumberToken(bytes) { range in
            let token = String(decoding: bytes[range], as: UTF8.self)
            guard let value = Double(token) else { return }
            let digits = token.utf8.filter { $0 >= 0x30 && $0 <= 0x39 }.count
            let integer = !token.contains(where: { $0 == "." || $0 == "e" || $0 == "E" })
            if !value.isFinite || (integer && digits > 18) { found = true }
        }
        return found
    }

    /// A number token of 18 or more characters, which Foundation on Linux
    /// reads up to several ulps off the correctly rounded Double (shorter ones
    /// it reads exactly).
    static func longNumber(_ bytes: [UInt8]) -> Bool {
        var found = false
        forEachNumberToken(bytes) { range in
            if range.count >= longNumberLength { found = true }
        }
        return found
    }

    static let longNumberLength = 18

    /// Calls `body` with the range of every number-like token (a sign or
    /// digit, then digits, signs, dots and exponents) outside string literals.
    private static func forEachNumberToken(_ bytes: [UInt8], _ body: (Range<Int>) -> Void) {
        var skipUntil = 0
        forEachOutsideStrings(bytes) { index in
            guard index >= skipUntil else { return }
            let byte = bytes[index]
            guard byte == UInt8(ascii: "-") || (byte >= 0x30 && byte <= 0x39) else { return }
            var end = index
            while end < bytes.count, "0123456789+-.eE".utf8.contains(bytes[end]) { end += 1 }
            skipUntil = end
            body(index..<end)
        }
    }

    /// Calls `body` with the offset of every byte outside a string literal.
    private static func forEachOutsideStrings(_ bytes: [UInt8], _ body: (Int) -> Void) {
        var inString = false
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if inString {
                if byte == 0x5C { index += 2; continue }
                if byte == 0x22 { inString = false }
            } else if byte == 0x22 {
                inString = true
            } else {
                body(index)
            }
            index += 1
        }
    }
}

// MARK: - JSON text, written with random choices

enum DifferentialText {
    static let whitespace: [UInt8] = [0x20, 0x09, 0x0A, 0x0D]

    /// Appends `scalars` as a JSON string literal. Each scalar is written raw
    /// (UTF-8) or, `escapePercent` of the time, as an escape (a slash
    /// `slashEscapePercent` of the time; the first always if `escapeFirst`); a
    /// quote, a backslash and control characters are always escaped, in one of their forms.
    static func appendString(_ scalars: [UInt32], to out: inout [UInt8], escapePercent: Int, slashEscapePercent: Int = 50,
                             escapeFirst: Bool = false, rng: inout SplitMix64) {
        out.append(0x22)
        for (offset, scalar) in scalars.enumerated() {
            if offset == 0 && escapeFirst {
                out.append(contentsOf: unicodeEscape(scalar, &rng))
                continue
            }
            switch scalar {
            case 0x22:
                out.append(contentsOf: rng.chance(80) ? Array(#"\""#.utf8) : unicodeEscape(scalar, &rng))
            case 0x5C:
                out.append(contentsOf: rng.chance(80) ? Array(#"\\"#.utf8) : unicodeEscape(scalar, &rng))
            case 0x2F:
                if rng.chance(slashEscapePercent) {
                    out.append(contentsOf: rng.chance(50) ? Array(#"\/"#.utf8) : unicodeEscape(scalar, &rng))
                } else {
                    out.append(0x2F)
                }
            case 0..<0x20:
                let short: [UInt32: UInt8] = [0x08: 0x62, 0x0C: 0x66, 0x0A: 0x6E, 0x0D: 0x72, 0x09: 0x74]
                if let letter = short[scalar], rng.chance(70) {
                    out.append(0x5C)
                    out.append(letter)
                } else {
                    out.append(contentsOf: unicodeEscape(scalar, &rng))
                }
            default:
                if rng.chance(escapePercent) {
                    out.append(contentsOf: unicodeEscape(scalar, &rng))
                } else {
                    out.append(contentsOf: String(Character(Unicode.Scalar(scalar)!)).utf8)
                }
            }
        }
        out.append(0x22)
    }

    /// `\uXXXX` (a surrogate pair beyond the BMP), hex digits in either case.
    static func unicodeEscape(_ scalar: UInt32, _ rng: inout SplitMix64) -> [UInt8] {
        let upper = rng.chance(50)
        func unit(_ value: UInt32) -> [UInt8] {
            let digits = Array((upper ? "0123456789ABCDEF" : "0123456789abcdef").utf8)
            return [0x5C, 0x75] + [12, 8, 4, 0].map { digits[Int(value >> $0 & 0xF)] }
        }
        if scalar < 0x10000 { return unit(scalar) }
        let value = scalar - 0x10000
        return unit(0xD800 + (value >> 10)) + unit(0xDC00 + (value & 0x3FF))
    }

    /// A random Unicode scalar: mostly printable ASCII, with control
    /// characters, quotes, backslashes, slashes, DEL and every UTF-8 length.
    static func randomScalar(_ rng: inout SplitMix64) -> UInt32 {
        switch rng.below(100) {
        case 0..<45: return 0x20 + UInt32(rng.below(0x5F))
        case 45..<52: return UInt32(rng.below(0x20))
        case 52..<57: return rng.pick([0x22, 0x5C, 0x2F])
        case 57..<58: return 0x7F
        case 58..<72: return 0x80 + UInt32(rng.below(0x800 - 0x80))
        case 72..<86:
            var scalar = 0x800 + UInt32(rng.below(0x10000 - 0x800 - 0x800))
            if scalar >= 0xD800 { scalar += 0x800 }
            return scalar
        default: return 0x10000 + UInt32(rng.below(0x100000))
        }
    }

    static func randomScalars(_ rng: inout SplitMix64, count: Int) -> [UInt32] {
        (0..<count).map { _ in randomScalar(&rng) }
    }

    static func scalars(_ text: String) -> [UInt32] { text.unicodeScalars.map(\.value) }
}

/// Random JSON documents (valid RFC 8259 text, away from Foundation's corners),
/// and mutations of them.
struct DifferentialJSONGenerator {
    var rng: SplitMix64
    /// How deep a bushy value may nest (a deep chain adds to it).
    var bushyDepth = 6

    init(seed: UInt64) { rng = SplitMix64(seed: seed) }

    /// Object keys: none of them canonically equivalent to another (Swift's
    /// String, and so Foundation's dictionaries, compare keys that way).
    static let keyPool: [String] = ["a", "b", "c", "id", "items", "url", "name", "x y", "é", "中文", "😀", "",
                                     "\"q\"", "back\\slash", "a/b", "tab\t", "nul\u{0}", "Ω≈ç", "\u{7F}", "key-\u{10FFFF}"]

    mutating func document(small: Bool = false) -> [UInt8] {
        var out: [UInt8] = []
        bushyDepth = small ? 3 : 6
        whitespace(&out)
        if rng.chance(small ? 2 : 6) {
            deepChain(&out, levels: 20 + rng.below(31))
        } else {
            value(&out, depth: 0)
        }
        whitespace(&out)
        return out
    }

    mutating func whitespace(_ out: inout [UInt8]) {
        guard rng.chance(30) else { return }
        for _ in 0...rng.below(3) { out.append(rng.pick(DifferentialText.whitespace)) }
    }

    mutating func value(_ out: inout [UInt8], depth: Int) {
        let containerPercent = depth >= bushyDepth ? 0 : (depth == 0 ? 75 : 30)
        if rng.chance(containerPercent) {
            if rng.chance(50) { array(&out, depth: depth + 1) } else { object(&out, depth: depth + 1) }
        } else {
            scalar(&out)
        }
    }

    mutating func scalar(_ out: inout [UInt8]) {
        switch rng.below(10) {
        case 0..<4: string(&out)
        case 4..<7: out.append(contentsOf: number().utf8)
        case 7: out.append(contentsOf: "true".utf8)
        case 8: out.append(contentsOf: "false".utf8)
        default: out.append(contentsOf: "null".utf8)
        }
    }

    mutating func string(_ out: inout [UInt8]) {
        let scalars = DifferentialText.randomScalars(&rng, count: rng.below(12))
        DifferentialText.appendString(scalars, to: &out, escapePercent: 15, rng: &rng)
    }

    /// Numbers in ordinary ranges: up to 16 significant digits and a two-digit
    /// exponent, at most 17 characters (Foundation reads longer ones inexactly).
    mutating func number() -> String {
        while true {
            let text = anyNumber()
            if text.utf8.count < FoundationCorner.longNumberLength { return text }
        }
    }

    private mutating func anyNumber() -> String {
        var text = rng.chance(30) ? "-" : ""
        var digits = 0
        if rng.chance(20) {
            text += "0"
        } else {
            text += String(1 + rng.below(9))
            digits = 1 + rng.below(rng.chance(70) ? 4 : 15)
            for _ in 1..<digits { text += String(rng.below(10)) }
        }
        if rng.chance(30) {
            text += "."
            for _ in 0..<(1 + rng.below(min(6, 16 - digits))) { text += String(rng.below(10)) }
        }
        if rng.chance(20) {
            text += rng.pick(["e", "E"]) + rng.pick(["", "+", "-"])
            for _ in 0...rng.below(2) { text += String(rng.below(10)) }
        }
        return text
    }

    mutating func array(_ out: inout [UInt8], depth: Int) {
        out.append(UInt8(ascii: "["))
        whitespace(&out)
        let count = rng.below(6)
        for index in 0..<count {
            if index > 0 { out.append(UInt8(ascii: ",")); whitespace(&out) }
            value(&out, depth: depth)
            whitespace(&out)
        }
        out.append(UInt8(ascii: "]"))
    }

    mutating func object(_ out: inout [UInt8], depth: Int) {
        out.append(UInt8(ascii: "{"))
        whitespace(&out)
        let count = rng.below(6)
        var used: [String] = []
        for index in 0..<count {
            if index > 0 { out.append(UInt8(ascii: ",")); whitespace(&out) }
            // Sometimes a key again (perhaps spelled with other escapes): the last value wins.
            let key = !used.isEmpty && rng.chance(20) ? rng.pick(used) : rng.pick(Self.keyPool)
            used.append(key)
            DifferentialText.appendString(DifferentialText.scalars(key), to: &out, escapePercent: 20, rng: &rng)
            whitespace(&out)
            out.append(UInt8(ascii: ":"))
            whitespace(&out)
            value(&out, depth: depth)
            whitespace(&out)
        }
        out.append(UInt8(ascii: "}"))
    }

    /// Arrays and objects nested `levels` deep around a small value.
    mutating func deepChain(_ out: inout [UInt8], levels: Int) {
        var closers: [UInt8] = []
        for _ in 0..<levels {
            if rng.chance(50) {
                out.append(UInt8(ascii: "["))
                closers.append(UInt8(ascii: "]"))
            } else {
                out.append(UInt8(ascii: "{"))
                DifferentialText.appendString(DifferentialText.scalars(rng.pick(Self.keyPool)), to: &out, escapePercent: 10, rng: &rng)
                out.append(UInt8(ascii: ":"))
                closers.append(UInt8(ascii: "}"))
            }
            whitespace(&out)
        }
        bushyDepth = 2
        value(&out, depth: 0)
        for closer in closers.reversed() {
            whitespace(&out)
            out.append(closer)
        }
    }

    // MARK: Mutations

    static let inserts: [UInt8] = Array("{}[],:\"\\\\\"".utf8) + [0x00, 0xFF, 0x80, 0xC3, 0xED, 0xF4, 0x20, 0x0A, 0x0B, 0x01, 0x1F, 0x7F, 0x09]
        + Array("-0e.+tfnu1".utf8)

    /// One to three byte flips, deletions, insertions of structural characters,
    /// quotes, backslashes or 0x00/0xFF/0x80 bytes, duplications, or a truncation.
    mutating func mutate(_ document: [UInt8]) -> [UInt8] {
        var bytes = document
        for _ in 0...rng.below(3) {
            let position = rng.below(bytes.count + 1)
            switch rng.below(12) {
            case 0, 1: // flip a byte: one bit, or any value
                guard position < bytes.count else { continue }
                bytes[position] = rng.chance(50) ? bytes[position] ^ (1 << UInt8(rng.below(8))) : rng.byte()
            case 2, 3: // delete a few bytes
                guard position < bytes.count else { continue }
                bytes.removeSubrange(position..<min(bytes.count, position + 1 + rng.below(3)))
            case 4, 5, 6: // insert a structural character, quote, backslash or odd byte
                bytes.insert(rng.pick(Self.inserts), at: position)
            case 7: // replace a byte with one of those
                guard position < bytes.count else { continue }
                bytes[position] = rng.pick(Self.inserts)
            case 8: // truncate
                bytes.removeSubrange(position...)
            case 9: // duplicate a slice
                guard position < bytes.count else { continue }
                let end = min(bytes.count, position + 1 + rng.below(8))
                bytes.insert(contentsOf: bytes[position..<end], at: end)
            case 10: // swap two bytes
                guard !bytes.isEmpty else { continue }
                bytes.swapAt(rng.below(bytes.count), rng.below(bytes.count))
            default: // break an escape: a backslash before a random byte
                bytes.insert(contentsOf: [0x5C, rng.pick(Array("u\"\\/bfnrtxU0'".utf8))], at: position)
            }
        }
        return bytes
    }
}

// MARK: - Reporting

/// Collects failures; reports the first few in full and then the count.
struct FailureLog {
    private let testCase: XCTestCase
    private(set) var count = 0
    let limit = 8

    init(_ testCase: XCTestCase) { self.testCase = testCase }

    mutating func fail(_ message: String, file: StaticString = #filePath, line: UInt = #line) {
        count += 1
        if count <= limit {
            XCTFail(message, file: file, line: line)
        } else if count == limit + 1 {
            XCTFail("more failures follow; only the first \(limit) are shown", file: file, line: line)
        }
    }
}

enum Printable {
    /// The bytes as a Swift-like literal: valid UTF-8 shown as text, the rest as \x escapes.
    static func bytes<Bytes: Collection>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        var text = "\""
        let array = Array(bytes)
        var offset = 0
        while offset < array.count {
            let byte = array[offset]
            if byte >= 0x20 && byte < 0x7F {
                text += byte == 0x22 ? "\\\"" : byte == 0x5C ? "\\\\" : String(UnicodeScalar(byte))
                offset += 1
                continue
            }
            // A whole multi-byte UTF-8 sequence, if valid, as itself.
            var length = 0
            for candidate in 2...4 where offset + candidate <= array.count {
                if let string = String(validating: array[offset..<(offset + candidate)], as: UTF8.self),
                   string.unicodeScalars.count == 1, byte >= 0x80 {
                    length = candidate
                    text += string
                    break
                }
            }
            if length > 0 { offset += length; continue }
            text += "\\x" + String(byte, radix: 16, uppercase: true).leftPadded(2)
            offset += 1
        }
        return text + "\""
    }
}

private extension String {
    func leftPadded(_ width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
