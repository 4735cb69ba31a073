import FeedCore

extension FastFeedPaths {
    /// For the `json-scanner` fuzz target: how the fast paths' `JSONScanner`
    /// disagrees with the reference `JSONReader` over one JSON text, or nil.
    /// Both accept or both reject it; the value built from the scanner's
    /// tokens is the reader's, at every depth; a string's decoded bytes, a
    /// number's text and its integer value are the same.
    public static func scannerDisagreement(over input: [UInt8]) -> String? {
        ScannerAgreement.disagreement(over: input)
    }
}

/// The checks behind `FastFeedPaths.scannerDisagreement`.
enum ScannerAgreement {
    static func disagreement(over input: [UInt8]) -> String? {
        let reference = try? JSONReader.parseSingle(input)
        var bytes = input
        return bytes.withUnsafeMutableBufferPointer { (buffer) -> String? in
            var scanner = JSONScanner(buffer)
            let skipped = scanner.skipValue()
            scanner.skipWhitespace()
            let accepted = skipped && scanner.atEnd
            guard accepted == (reference != nil) else {
                return "the scanner \(accepted ? "accepts" : "rejects") what the reader \(reference != nil ? "accepts" : "rejects")"
            }
            guard let reference else { return nil }
            if let found = compareValue(buffer, reference) { return found }
            switch reference {
            case .string(let text): return compareString(buffer, text)
            case .number(let text): return compareNumber(buffer, text)
            default: return nil
            }
        }
    }

    /// The value built from the scanner's tokens is the reader's value. (It
    /// decodes strings in place, so it runs on a copy.)
    private static func compareValue(_ buffer: UnsafeMutableBufferPointer<UInt8>, _ reference: JSON) -> String? {
        var copy = Array(buffer)
        let scanned = copy.withUnsafeMutableBufferPointer { copy in
            var scanner = JSONScanner(copy)
            return ScannedJSON.value(&scanner)
        }
        return scanned == reference ? nil : "the scanner's tokens build another value than the reader's"
    }

    private static func compareString(_ buffer: UnsafeMutableBufferPointer<UInt8>, _ text: String) -> String? {
        var scanner = JSONScanner(buffer)
        guard let span = scanner.string() else { return "string() rejects a string the reader accepts" }
        let end = scanner.unescapeInPlace(span)
        let decoded = Array(buffer[span.start..<end])
        return decoded == Array(text.utf8) ? nil : "the scanner decodes a string to other bytes than the reader"
    }

    private static func compareNumber(_ buffer: UnsafeMutableBufferPointer<UInt8>, _ text: String) -> String? {
        var scanner = JSONScanner(buffer)
        guard let span = scanner.number() else { return "number() rejects a number the reader accepts" }
        guard Array(buffer[span.start..<span.end]) == Array(text.utf8) else { return "the scanner's number text differs" }
        return scanner.integer(span) == Int(text) ? nil : "the scanner's integer differs from Int(text)"
    }
}
