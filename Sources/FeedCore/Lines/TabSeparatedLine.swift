/// One line of `--format tsv`: the values separated by tabs, then a newline.
/// In a value a backslash, tab, newline or carriage return is written as
/// `\\`, `\t`, `\n`, `\r`, so that no value splits a field or a line; every
/// other byte is written as it is. An absent value is an empty field.
public enum TabSeparatedLine {
    /// Appends one field of a line (nil: absent, empty), after a tab
    /// unless it is the line's first.
    @inline(__always) public static func appendField(_ value: UnsafeBufferPointer<UInt8>?, first: Bool, to out: inout [UInt8]) {
        if !first { out.append(0x09) }
        if let value { appendEscaped(value, to: &out) }
    }

    /// Ends a line.
    @inline(__always) public static func endLine(_ out: inout [UInt8]) {
        out.append(0x0A)
    }

    /// A whole line of Strings.
    public static func append(strings values: [String], to out: inout [UInt8]) {
        for (index, value) in values.enumerated() {
            var value = value
            value.withUTF8 { appendField($0, first: index == 0, to: &out) }
        }
        endLine(&out)
    }

    /// The escaping rule: the escape's letter of each byte that has one.
    @inline(__always) static func escape(for byte: UInt8) -> UInt8? {
        switch byte {
        case 0x5C: return 0x5C // \\
        case 0x09: return 0x74 // \t
        case 0x0A: return 0x6E // \n
        case 0x0D: return 0x72 // \r
        default: return nil
        }
    }

    /// The value with each byte `escape` names written as a backslash and
    /// its letter; the runs between them copied as they are.
    static func appendEscaped(_ value: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        var runStart = 0
        while true {
            let index = plainRunEnd(in: value, from: runStart)
            out.append(contentsOf: UnsafeBufferPointer(rebasing: value[runStart..<index]))
            guard index < value.count, let letter = escape(for: value[index]) else { return }
            out.append(0x5C)
            out.append(letter)
            runStart = index + 1
        }
    }

    /// Where the run from `start` of bytes with no escape ends: eight bytes
    /// at a time while none is a control byte (below 0x20) or a backslash,
    /// which every escaped byte is; then byte by byte by `escape`.
    private static func plainRunEnd(in value: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        guard let base = value.baseAddress else { return start }
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        var index = start
        while value.count - index >= 8 {
            let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
            let control = (word &- ones &* 0x20) & ~word & highs
            let flipped = word ^ (ones &* 0x5C)
            let backslash = (flipped &- ones) & ~flipped & highs
            if control | backslash != 0 { break }
            index += 8
        }
        while index < value.count, escape(for: value[index]) == nil { index += 1 }
        return index
    }
}
