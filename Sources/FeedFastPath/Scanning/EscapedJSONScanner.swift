import FeedCore

/// A validating scanner for JSON text that is held, escaped, inside a JSON
/// string: a response record's body, read where it stands in the record,
/// without decoding it first. In the record, the payload's quotes are `\"`,
/// its backslashes `\\`, and its line breaks and tabs (white space between
/// tokens) `\n`, `\r`, `\t`; everything else is itself. The body string ends
/// at the first quote that is not escaped.
///
/// It only takes the common form. Anything that would need decoding to judge
/// (a `\u` escape in the record, a surrogate pair in the payload, a control
/// character inside a payload string) makes it return nil / false, and the
/// caller decodes the body and scans it with `JSONScanner` instead. What it
/// accepts, it accepts exactly as decoding then `JSONReader` would.
///
/// Why it exists: a response record's body is most of feed-map's input, and
/// decoding it first would copy all of it. Kept in agreement by
/// `JSONScannerDifferentialTests`, the `FastFeedMapper*DifferentialTests` and
/// the `feed-map` fuzz target (the fast path writes the reference's bytes or
/// declines).
struct EscapedJSONScanner {
    let base: UnsafeMutablePointer<UInt8>
    let end: Int
    var index: Int

    /// `index` is the first byte after the body string's opening quote.
    init(_ base: UnsafeMutablePointer<UInt8>, from index: Int, to end: Int) {
        self.base = base
        self.index = index
        self.end = end
    }

    /// Payload white space: a space, or `\n`, `\r`, `\t` in the record.
    @inline(__always) mutating func skipWhitespace() {
        while index < end {
            let byte = base[index]
            if byte == 0x20 { index += 1; continue }
            guard byte == 0x5C, index + 1 < end else { return }
            let escape = base[index + 1]
            guard escape == 0x6E || escape == 0x72 || escape == 0x74 else { return }
            index += 2
        }
    }

    /// Consumes a structural byte (`{` `}` `[` `]` `,` `:`), which the record
    /// never escapes, after white space.
    @inline(__always) mutating func consume(_ byte: UInt8) -> Bool {
        skipWhitespace()
        guard index < end, base[index] == byte else { return false }
        index += 1
        return true
    }

    // MARK: Strings

    /// A payload string: `\"`, its contents, `\"`. The span is the contents as
    /// they stand in the record; `escaped` if they hold any backslash (its
    /// value must then be decoded twice: the record's escapes, then the payload's).
    mutating func string() -> JSONSpan? {
        skipWhitespace()
        guard end - index >= 2, base[index] == 0x5C, base[index + 1] == 0x22 else { return nil }
        index += 2
        let start = index
        var escaped = false
        while true {
            index = JSONScanner.skipPlainASCII(base, from: index, to: end)
            guard index < end else { return nil }
            let byte = base[index]
            if byte == 0x5C {
                guard index + 1 < end else { return nil }
                switch base[index + 1] {
                case 0x22: // \" closes the payload string
                    let span = JSONSpan(start: start, end: index, escaped: escaped)
                    index += 2
                    return span
                case 0x2F: // \/ is a slash
                    escaped = true
                    index += 2
                case 0x5C: // \\ is a payload backslash: one payload escape follows
                    escaped = true
                    guard skipPayloadEscape() else { return nil }
                default: // \n \t \r \b \f would be a control character in the string; \u needs decoding
                    return nil
                }
                continue
            }
            if byte < 0x20 || byte == 0x22 { return nil } // a quote: the body ends inside a payload string
            if byte < 0x80 { index += 1; continue }
            guard let length = UTF8Validation.sequenceLength(base, index, end) else { return nil }
            index += length
        }
    }

    /// At `\\` (a backslash in the payload): checks the payload escape after it
    /// and moves past both.
    private mutating func skipPayloadEscape() -> Bool {
        let at = index + 2
        guard at < end else { return false }
        switch base[at] {
        case 0x5C: // \" \\ \/ in the record: the payload's \" \\ \/
            guard at + 1 < end else { return false }
            let escape = base[at + 1]
            guard escape == 0x22 || escape == 0x5C || escape == 0x2F else { return false }
            index = at + 2
            return true
        case 0x2F, 0x62, 0x66, 0x6E, 0x72, 0x74: // / b f n r t
            index = at + 1
            return true
        case 0x75: // u and four hex digits; a surrogate (half a pair) is left to the decoding path
            guard end - at >= 5, let unit = JSONHex.unit(base, at + 1), !(0xD800...0xDFFF).contains(unit) else { return false }
            index = at + 5
            return true
        default:
            return false
        }
    }

    /// A string's value: the record's escapes decoded, then the payload's.
    func decode(_ span: JSONSpan, into out: inout [UInt8]) {
        out.removeAll(keepingCapacity: true)
        out.append(contentsOf: UnsafeBufferPointer(start: base + span.start, count: span.count))
        guard span.escaped else { return }
        let end = out.withUnsafeMutableBufferPointer { copy -> Int in
            let scanner = JSONScanner(copy)
            let payloadEnd = scanner.unescapeInPlace(JSONSpan(start: 0, end: copy.count, escaped: true))
            return scanner.unescapeInPlace(JSONSpan(start: 0, end: payloadEnd, escaped: true))
        }
        out.removeSubrange(end...)
    }

    // MARK: Other values

    /// After the payload: white space, then the quote that ends the body
    /// string, moved past.
    mutating func finishPayload() -> Bool {
        skipWhitespace()
        guard index < end, base[index] == 0x22 else { return false }
        index += 1
        return true
    }

    /// A number or literal runs to a delimiter, as `JSONScanner` has it: white
    /// space (escaped or not), `,` `]` `}` `:`, or the end of the body.
    @inline(__always) func atDelimiter() -> Bool {
        guard index < end else { return true }
        switch base[index] {
        case 0x20, 0x2C, 0x5D, 0x7D, 0x3A, 0x22: return true
        case 0x5C:
            guard index + 1 < end else { return false }
            let escape = base[index + 1]
            return escape == 0x6E || escape == 0x72 || escape == 0x74
        default: return false
        }
    }
}

extension EscapedJSONScanner: JSONTokenScanning {
    /// A payload string starts with `\"`.
    static var stringOpener: UInt8 { 0x5C }
}
