extension RequestHeader {
    /// Reads one `-H` argument: `NAME: VALUE` (the value's surrounding spaces
    /// and tabs trimmed, possibly empty) or curl's `NAME;`. A line with no colon,
    /// a name that is not an HTTP token, CR or LF anywhere, or another control
    /// character in the value (a tab within it included) is `usage`. The message names the header by its
    /// name (a bad name only by the token characters it starts with; a line
    /// with no colon not at all), never by its value.
    public static func parse(_ line: String) throws(ToolError) -> RequestHeader {
        try parse(Array(line.utf8)[...])
    }

    static func parse(_ bytes: ArraySlice<UInt8>) throws(ToolError) -> RequestHeader {
        let separator = bytes.firstIndex(of: UInt8(ascii: ":")) ?? emptyValueSemicolon(in: bytes)
        let nameBytes = bytes[..<(separator ?? bytes.startIndex)]
        let label = separator == nil ? "" : quotedName(nameBytes)
        guard !bytes.contains(where: { $0 == 0x0D || $0 == 0x0A }) else { throw malformed(label, "CR or LF in it") }
        guard let separator else { throw ToolError(.usage, "malformed header (no colon): expected 'NAME: VALUE'") }
        guard !nameBytes.isEmpty else { throw ToolError(.usage, "malformed header: no name before the colon") }
        guard nameBytes.allSatisfy(isTokenByte) else {
            throw malformed(label, "a header name is letters, digits and !#$%&'*+-.^_`|~ only")
        }
        let name = String(decoding: nameBytes, as: UTF8.self)
        guard bytes[separator] == UInt8(ascii: ":") else { return RequestHeader(name: name, value: "") }
        var valueBytes = bytes[(separator + 1)...]
        while let first = valueBytes.first, isBlank(first) { valueBytes.removeFirst() }
        while let last = valueBytes.last, isBlank(last) { valueBytes.removeLast() }
        guard !valueBytes.isEmpty else { return RequestHeader(name: name, value: nil) }
        guard HeaderValueBytes.areSendable(valueBytes) else {
            throw malformed(label, "a control character in its value")
        }
        guard let value = String(validating: valueBytes, as: UTF8.self) else { throw malformed(label, "its value is not valid UTF-8") }
        return RequestHeader(name: name, value: value)
    }

    /// The semicolon of curl's `NAME;` (nothing after it but blanks), if that is the form.
    private static func emptyValueSemicolon(in bytes: ArraySlice<UInt8>) -> Int? {
        guard let semicolon = bytes.firstIndex(of: UInt8(ascii: ";")),
              bytes[(semicolon + 1)...].allSatisfy(isBlank) else { return nil }
        return semicolon
    }

    /// `'X-Token'`; for a bad name, only the token characters it starts with: `'X-Token…'`.
    private static func quotedName(_ name: ArraySlice<UInt8>) -> String {
        let token = name.prefix(while: isTokenByte)
        guard !token.isEmpty else { return "" }
        return "'" + String(decoding: token, as: UTF8.self) + (token.count < name.count ? "…'" : "'")
    }

    private static func malformed(_ label: String, _ problem: String) -> ToolError {
        ToolError(.usage, "malformed header\(label.isEmpty ? "" : " " + label): \(problem)")
    }

    static func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }

    /// RFC 9110's tchar: letters, digits and ``!#$%&'*+-.^_`|~``.
    static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }
    }
}
