import XCTest
import FeedTestSupport
import Foundation
@testable import FeedFastPath
@testable import FeedCore

/// What the differential tests of the JSON readers share: the corpus (fixed
/// seeds), and each reader's verdict on a document.
protocol JSONReaderDifferentialTesting: XCTestCase {}

extension JSONReaderDifferentialTesting {

    static var generatedSeed: UInt64 { 0x4A53_4F4E_0000_0001 }
    static var mutatedSeed: UInt64 { 0x4A53_4F4E_0000_0002 }
    static var generatedCount: Int { 3_000 }
    static var mutatedCount: Int { 12_000 }
    static var stringSeed: UInt64 { 0x4A53_4F4E_0000_0003 }
    static var stringCount: Int { 6_000 }

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

    func compareWithFoundation(_ bytes: [UInt8], label: String, failures: inout FailureLog, tally: inout Tally) {
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

struct Tally {
    var acceptedByBoth = 0
    var rejectedByBoth = 0
    var corners = 0
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
