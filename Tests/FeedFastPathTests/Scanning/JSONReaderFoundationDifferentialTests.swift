import XCTest
import FeedTestSupport
import Foundation
@testable import FeedFastPath
@testable import FeedCore

/// `JSONReader` against Foundation's `JSONSerialization`, on thousands of
/// generated documents and mutations of them, and on edges where they agree.
/// Every run sees the same cases (fixed seeds); a failure names its seed and case.
final class JSONReaderFoundationDifferentialTests: XCTestCase, JSONReaderDifferentialTesting {

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
}
