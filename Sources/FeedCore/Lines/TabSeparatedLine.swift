/// One line of `--format tsv`: the values separated by tabs, then a newline.
/// In a value a backslash, tab, newline or carriage return is written as
/// `\\`, `\t`, `\n`, `\r`, so that no value splits a field or a line, and
/// every other control character as `ControlEscape` writes it (`\u001B`), so
/// that none reaches a terminal; every other byte is written as it is, and
/// `ControlEscape.unescaped` reads a field back. An absent value is an empty field.
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

    /// The value escaped by the one rule for what is read (`ControlEscape`),
    /// a backslash doubled so that the line reads back.
    @inline(__always) static func appendEscaped(_ value: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        ControlEscape.append(value, doublingBackslash: true, to: &out)
    }
}
