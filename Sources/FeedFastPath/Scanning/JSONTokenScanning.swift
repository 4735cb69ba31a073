import FeedCore
import FeedPlatform

/// What `JSONScanner` and `EscapedJSONScanner` share: the grammar of numbers,
/// literals, objects and arrays, written once. They differ in white space,
/// strings and delimiters (a record's body escapes its quotes and line
/// breaks), which each gives.
protocol JSONTokenScanning {
    var base: UnsafeMutablePointer<UInt8> { get }
    var index: Int { get set }
    var end: Int { get }
    /// A string's value, escapes decoded, into `out` (the text left as it is).
    func decode(_ span: JSONSpan, into out: inout [UInt8])
    /// The first byte of a string token.
    static var stringOpener: UInt8 { get }
    mutating func skipWhitespace()
    mutating func consume(_ byte: UInt8) -> Bool
    mutating func string() -> JSONSpan?
    /// Is the cursor where a number or literal may end?
    func atDelimiter() -> Bool
}

extension JSONTokenScanning {
    @inline(__always) func peek() -> UInt8? { index < end ? base[index] : nil }

    /// Does the span's raw bytes equal `literal`? (For unescaped keys.)
    @inline(__always) func span(_ span: JSONSpan, is literal: StaticString) -> Bool {
        guard !span.escaped, span.count == literal.utf8CodeUnitCount else { return false }
        return memcmp(base + span.start, literal.utf8Start, span.count) == 0
    }

    /// Does the span's raw bytes equal `bytes`? (For unescaped keys.)
    @inline(__always) func span(_ span: JSONSpan, is bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard !span.escaped, span.count == bytes.count, let start = bytes.baseAddress else { return false }
        return memcmp(base + span.start, start, span.count) == 0
    }

    /// The number's value if it is a plain integer that fits an Int (as `Int(text)` reads it).
    func integer(_ span: JSONSpan) -> Int? {
        JSONScanner.integer(base, span)
    }

    /// Scans a number at the cursor (the JSON grammar); returns its text's span.
    @inline(__always) mutating func number() -> JSONSpan? {
        skipWhitespace()
        let start = index
        if index < end, base[index] == 0x2D { index += 1 }
        guard index < end, isDigit(base[index]) else { return nil }
        if base[index] == 0x30 {
            index += 1
        } else {
            while index < end, isDigit(base[index]) { index += 1 }
        }
        if index < end, base[index] == 0x2E {
            index += 1
            guard index < end, isDigit(base[index]) else { return nil }
            while index < end, isDigit(base[index]) { index += 1 }
        }
        if index < end, base[index] | 0x20 == 0x65 {
            index += 1
            if index < end, base[index] == 0x2B || base[index] == 0x2D { index += 1 }
            guard index < end, isDigit(base[index]) else { return nil }
            while index < end, isDigit(base[index]) { index += 1 }
        }
        guard atDelimiter() else { return nil }
        return JSONSpan(start: start, end: index, escaped: false)
    }

    /// Consumes `null` (after white space).
    mutating func null() -> Bool { literal("null") }

    private mutating func literal(_ word: StaticString) -> Bool {
        skipWhitespace()
        let count = word.utf8CodeUnitCount
        guard end - index >= count, memcmp(base + index, word.utf8Start, count) == 0 else { return false }
        index += count
        return atDelimiter()
    }

    /// Checks and skips the value at the scanner, a document's top-level
    /// value: its containers counted by a `JSONCursor`, the one counter.
    mutating func skipValue() -> Bool {
        var cursor = JSONCursor(self)
        defer { self = cursor.scanner }
        return cursor.skipValue()
    }

    /// `true`, `false` or `null` at the scanner (its first byte there).
    @inline(__always) mutating func literal(startingWith byte: UInt8) -> Bool {
        switch byte {
        case 0x74: return literal("true")
        case 0x66: return literal("false")
        case 0x6E: return literal("null")
        default: return false
        }
    }

    @inline(__always) private func isDigit(_ byte: UInt8) -> Bool { byte &- 0x30 < 10 }
}
