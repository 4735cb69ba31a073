/// One line of `--format tsv`: the values separated by tabs, then a newline.
/// In a value a backslash, tab, newline or carriage return is written as
/// `\\`, `\t`, `\n`, `\r`, so that no value splits a field or a line; every
/// other byte is written as it is. An absent value is an empty field.
public enum TabSeparatedLine {
    /// Appends the line of `values` (nil: absent) to `out`.
    public static func append<Values: Sequence>(_ values: Values, to out: inout [UInt8])
    where Values.Element == UnsafeBufferPointer<UInt8>? {
        var first = true
        for value in values {
            if !first { out.append(0x09) }
            first = false
            if let value { appendEscaped(value, to: &out) }
        }
        out.append(0x0A)
    }

    /// The same, from Strings.
    public static func append(strings values: [String], to out: inout [UInt8]) {
        var joined: [UInt8] = []
        var ranges: [Range<Int>] = []
        for value in values {
            let start = joined.count
            joined += value.utf8
            ranges.append(start..<joined.count)
        }
        joined.withUnsafeBufferPointer { buffer in
            append(ranges.lazy.map { Optional(UnsafeBufferPointer(rebasing: buffer[$0])) }, to: &out)
        }
    }

    /// The escaping rule: the runs between the bytes it names copied as they are.
    static func appendEscaped(_ value: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        var runStart = 0
        for index in value.indices {
            let escape: UInt8
            switch value[index] {
            case 0x5C: escape = 0x5C // \\
            case 0x09: escape = 0x74 // \t
            case 0x0A: escape = 0x6E // \n
            case 0x0D: escape = 0x72 // \r
            default: continue
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: value[runStart..<index]))
            out.append(0x5C)
            out.append(escape)
            runStart = index + 1
        }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: value[runStart...]))
    }
}
