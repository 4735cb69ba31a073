import FeedCore
import FeedFastPath

/// Differential: the fast path's `JSONScanner` against the reference
/// `JSONReader` on one JSON text. Both accept or both reject it; the value
/// built from the scanner's tokens is the reader's, at every depth; a
/// string's decoded bytes, a number's text and its integer value are the same.
enum JSONScannerFuzzing {
    static let name = "json-scanner"
    private static let expect = FuzzCheck(target: name)

    static func check(_ input: [UInt8]) throws(FuzzFinding) {
        let reference = try? JSONReader.parseSingle(input)
        var bytes = input
        try bytes.withUnsafeMutableBufferPointer { (buffer) throws(FuzzFinding) in
            var scanner = JSONScanner(buffer)
            let skipped = scanner.skipValue()
            scanner.skipWhitespace()
            let accepted = skipped && scanner.atEnd
            try expect.require(accepted == (reference != nil),
                              "the scanner \(accepted ? "accepts" : "rejects") what the reader \(reference != nil ? "accepts" : "rejects")")
            guard let reference else { return }
            try compareValue(buffer, reference)
            switch reference {
            case .string(let text): try compareString(buffer, text)
            case .number(let text): try compareNumber(buffer, text)
            default: break
            }
        }
    }

    /// The value built from the scanner's tokens is the reader's value. (It
    /// decodes strings in place, so it runs on a copy.)
    private static func compareValue(_ buffer: UnsafeMutableBufferPointer<UInt8>, _ reference: JSON) throws(FuzzFinding) {
        var copy = Array(buffer)
        let scanned = copy.withUnsafeMutableBufferPointer { copy in
            var scanner = JSONScanner(copy)
            return ScannedJSON.value(&scanner)
        }
        try expect.require(scanned == reference, "the scanner's tokens build another value than the reader's")
    }

    private static func compareString(_ buffer: UnsafeMutableBufferPointer<UInt8>, _ text: String) throws(FuzzFinding) {
        var scanner = JSONScanner(buffer)
        guard let span = scanner.string() else { throw expect.fail("string() rejects a string the reader accepts") }
        let end = scanner.unescapeInPlace(span)
        let decoded = Array(buffer[span.start..<end])
        try expect.require(decoded == Array(text.utf8), "the scanner decodes a string to other bytes than the reader")
    }

    private static func compareNumber(_ buffer: UnsafeMutableBufferPointer<UInt8>, _ text: String) throws(FuzzFinding) {
        var scanner = JSONScanner(buffer)
        guard let span = scanner.number() else { throw expect.fail("number() rejects a number the reader accepts") }
        try expect.require(Array(buffer[span.start..<span.end]) == Array(text.utf8), "the scanner's number text differs")
        try expect.require(scanner.integer(span) == Int(text), "the scanner's integer differs from Int(text)")
    }
}
