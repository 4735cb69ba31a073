import FeedCore

/// A validating JSON scanner over bytes in place: it checks the same grammar
/// as `JSONReader` (strict RFC 8259, valid UTF-8, no lone surrogates; the
/// depth limit is `JSONCursor`'s) but builds nothing, so the fast paths can walk a large document
/// without allocating. Every method returns nil / false on anything it does
/// not accept; callers then fall back to `JSONReader`, whose error is the one
/// reported.
///
/// Why it exists: feed-map's fast path (and the test server's paging) walk
/// documents of many megabytes, where building `JSONReader`'s tree is most
/// of the cost. Kept in agreement by `JSONScannerDifferentialTests` and the
/// `json-scanner` fuzz target: it accepts exactly what `JSONReader` accepts,
/// and the value built from its tokens is the reader's.
struct JSONScanner {
    let base: UnsafeMutablePointer<UInt8>
    let end: Int
    var index: Int

    init(_ buffer: UnsafeMutableBufferPointer<UInt8>, from index: Int = 0, to end: Int? = nil) {
        // An empty buffer has no base address; point at a dummy byte it never reads.
        self.base = buffer.baseAddress ?? JSONScanner.empty
        self.end = end ?? buffer.count
        self.index = index
    }

    /// Over `base[index..<end]`.
    init(_ base: UnsafeMutablePointer<UInt8>, from index: Int, to end: Int) {
        self.base = base
        self.end = end
        self.index = index
    }

    nonisolated(unsafe) private static let empty = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)

    @inline(__always) var atEnd: Bool { index >= end }

    @inline(__always) mutating func skipWhitespace() {
        while index < end {
            let byte = base[index]
            guard JSONWhitespace.contains(byte) else { return }
            index += 1
        }
    }

    /// Consumes `byte` (after white space); false if something else is there.
    @inline(__always) mutating func consume(_ byte: UInt8) -> Bool {
        skipWhitespace()
        guard index < end, base[index] == byte else { return false }
        index += 1
        return true
    }

    // MARK: Strings

    /// Scans a string at the cursor (white space first); returns its contents' span.
    mutating func string() -> JSONSpan? {
        skipWhitespace()
        guard index < end, base[index] == 0x22 else { return nil }
        index += 1
        let start = index
        var escaped = false
        while true {
            index = JSONScanner.skipPlainASCII(base, from: index, to: end)
            guard index < end else { return nil }
            let byte = base[index]
            if byte == 0x22 {
                let span = JSONSpan(start: start, end: index, escaped: escaped)
                index += 1
                return span
            }
            if byte == 0x5C {
                escaped = true
                guard scanEscape() else { return nil }
                continue
            }
            if byte < 0x20 { return nil }
            if byte < 0x80 { index += 1; continue }
            guard let length = UTF8Validation.sequenceLength(base, index, end) else { return nil }
            index += length
        }
    }

    /// A string at the cursor (white space first) in text already checked
    /// (a second pass): only its closing quote is sought, eight bytes at a
    /// time, past each escape; nothing else is looked at.
    mutating func checkedString() -> JSONSpan? {
        skipWhitespace()
        guard index < end, base[index] == 0x22 else { return nil }
        index += 1
        let start = index
        var escaped = false
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        while index < end {
            if end - index >= 8 {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                let quote = word ^ (ones &* 0x22), backslash = word ^ (ones &* 0x5C)
                let found = ((quote &- ones) & ~quote | (backslash &- ones) & ~backslash) & highs
                guard found != 0 else {
                    index += 8
                    continue
                }
                index += found.trailingZeroBitCount >> 3 // exact for the lowest
            }
            switch base[index] {
            case 0x22:
                index += 1
                return JSONSpan(start: start, end: index - 1, escaped: escaped)
            case 0x5C:
                escaped = true
                index += 2
            default:
                index += 1
            }
        }
        return nil
    }

    /// Past the plain printable ASCII at `index` (no quote, backslash,
    /// control character or non-ASCII byte), eight bytes at a time: at the
    /// first other byte, or within the last seven bytes before `end`.
    @inline(__always) static func skipPlainASCII(_ base: UnsafeMutablePointer<UInt8>, from index: Int, to end: Int) -> Int {
        var index = index
        while end - index >= 8 {
            let special = specialBytes(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
            if special == 0 {
                index += 8
                continue
            }
            return index + special.trailingZeroBitCount >> 3
        }
        return index
    }

    /// The high bit of each byte of the eight that is a quote, a backslash, a
    /// control character or non-ASCII; exact for the lowest such byte (a
    /// borrow can only mark bytes after a true one), so its trailing zero
    /// bits count the plain bytes before it.
    @inline(__always) static func specialBytes(_ word: UInt64) -> UInt64 {
        JSONStringBytes.specialBytes(word) | (word & 0x8080_8080_8080_8080)
    }

    /// At a backslash: checks one escape and moves past it.
    private mutating func scanEscape() -> Bool {
        guard end - index >= 2 else { return false }
        let escape = base[index + 1]
        if JSONEscapes.decodedShort(escape) != nil { // " \ / b f n r t
            index += 2
            return true
        }
        switch escape {
        case 0x75: // u
            guard let unit = hex4(at: index + 2) else { return false }
            index += 6
            if (0xD800...0xDBFF).contains(unit) {
                guard end - index >= 6, base[index] == 0x5C, base[index + 1] == 0x75,
                      let low = hex4(at: index + 2), (0xDC00...0xDFFF).contains(low) else { return false }
                index += 6
            } else if (0xDC00...0xDFFF).contains(unit) {
                return false
            }
            return true
        default:
            return false
        }
    }

    @inline(__always) private func hex4(at offset: Int) -> UInt32? {
        end - offset >= 4 ? JSONHex.unit(base, offset) : nil
    }

    /// A string's value, escapes decoded, into `out` (the text is left as it is).
    func decode(_ span: JSONSpan, into out: inout [UInt8]) {
        out.removeAll(keepingCapacity: true)
        out.append(contentsOf: UnsafeBufferPointer(start: base + span.start, count: span.count))
        guard span.escaped else { return }
        let end = out.withUnsafeMutableBufferPointer { copy in
            JSONScanner(copy).unescapeInPlace(JSONSpan(start: 0, end: copy.count, escaped: true))
        }
        out.removeSubrange(end...)
    }

    /// Decodes an escaped string's value in place, over its own bytes (a
    /// value is never longer than its escaped form); returns the new end.
    /// The span must come from `string()`, so its escapes are valid.
    func unescapeInPlace(_ span: JSONSpan) -> Int {
        guard span.escaped else { return span.end }
        let base = self.base
        var read = span.start, write = span.start
        let end = span.end
        while read < end {
            // Copy the run up to the next backslash, eight bytes at a time.
            while end - read >= 8 {
                let word = UnsafeRawPointer(base + read).loadUnaligned(as: UInt64.self)
                let backslash = word ^ 0x5C5C_5C5C_5C5C_5C5C
                if (backslash &- 0x0101_0101_0101_0101) & ~backslash & 0x8080_8080_8080_8080 != 0 { break }
                UnsafeMutableRawPointer(base + write).storeBytes(of: word, as: UInt64.self)
                read += 8
                write += 8
            }
            guard read < end else { break }
            let byte = base[read]
            if byte != 0x5C {
                base[write] = byte
                read += 1
                write += 1
                continue
            }
            let escape = base[read + 1]
            read += 2
            if let decoded = JSONEscapes.decodedShort(escape) {
                base[write] = decoded
                write += 1
                continue
            }
            switch escape {
            case 0x75:
                var scalar = hex4(at: read) ?? 0xFFFD
                read += 4
                if (0xD800...0xDBFF).contains(scalar) {
                    let low = hex4(at: read + 2) ?? 0xDC00
                    read += 6
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                }
                write += JSONScanner.encodeUTF8(scalar, into: base + write)
            default: break // string() took no other escape
            }
        }
        return write
    }

    @inline(__always) static func encodeUTF8(_ scalar: UInt32, into out: UnsafeMutablePointer<UInt8>) -> Int {
        switch scalar {
        case 0..<0x80:
            out[0] = UInt8(scalar)
            return 1
        case 0x80..<0x800:
            out[0] = UInt8(0xC0 | scalar >> 6)
            out[1] = UInt8(0x80 | scalar & 0x3F)
            return 2
        case 0x800..<0x10000:
            out[0] = UInt8(0xE0 | scalar >> 12)
            out[1] = UInt8(0x80 | scalar >> 6 & 0x3F)
            out[2] = UInt8(0x80 | scalar & 0x3F)
            return 3
        default:
            out[0] = UInt8(0xF0 | scalar >> 18)
            out[1] = UInt8(0x80 | scalar >> 12 & 0x3F)
            out[2] = UInt8(0x80 | scalar >> 6 & 0x3F)
            out[3] = UInt8(0x80 | scalar & 0x3F)
            return 4
        }
    }

    // MARK: Other values

    static func integer(_ base: UnsafeMutablePointer<UInt8>, _ span: JSONSpan) -> Int? {
        var position = span.start
        let negative = base[position] == 0x2D
        if negative { position += 1 }
        guard position < span.end else { return nil }
        var value = 0
        while position < span.end {
            let byte = base[position]
            guard byte &- 0x30 < 10 else { return nil }
            let (times, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = negative ? times.subtractingReportingOverflow(Int(byte - 0x30)) : times.addingReportingOverflow(Int(byte - 0x30))
            guard !overflow1, !overflow2 else { return nil }
            value = sum
            position += 1
        }
        return value
    }

    /// A number or literal runs to a delimiter: `12x` is not a number.
    @inline(__always) func atDelimiter() -> Bool {
        guard index < end else { return true }
        let byte = base[index]
        return JSONWhitespace.contains(byte) || byte == 0x2C || byte == 0x5D || byte == 0x7D || byte == 0x3A
    }
}

extension JSONScanner: JSONTokenScanning {
    static var stringOpener: UInt8 { 0x22 }
}
