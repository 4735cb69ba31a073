/// A request header of `-H 'NAME: VALUE'`, with curl's meaning: sent on every
/// request of the run, in place of any header of the same name the client
/// would send itself. Its value is a secret as far as output goes: no error
/// message and no description ever shows it.
public struct RequestHeader: Equatable, Sendable, CustomStringConvertible {
    /// An HTTP token (RFC 9110), compared without regard to case.
    public var name: String
    /// Without its surrounding spaces. Empty for curl's `NAME;`, which sends
    /// the header with an empty value; nil for `NAME:` with nothing after the
    /// colon, which (as in curl) sends no header of that name at all, not even
    /// one the client would add itself.
    public var value: String?

    public init(name: String, value: String?) {
        self.name = name
        self.value = value
    }

    /// The header as curl takes it (and `parse` reads it back):
    /// `NAME: VALUE`, `NAME;` (empty value) or `NAME:` (removed).
    public var line: String {
        guard let value else { return name + ":" }
        return value.isEmpty ? name + ";" : "\(name): \(value)"
    }

    /// The name and the form, never the value: `Authorization: …`.
    public var description: String {
        guard let value else { return name + ":" }
        return value.isEmpty ? name + ";" : name + ": …"
    }

    /// The headers to send for `headers` in the order given: one per name
    /// (compared without regard to case), the last given for it, at the place
    /// where that name first appeared.
    public static func merged(_ headers: [RequestHeader]) -> [RequestHeader] {
        var merged: [RequestHeader] = []
        var places: [String: Int] = [:]
        for header in headers {
            let key = header.name.lowercased()
            if let place = places[key] {
                merged[place] = header
            } else {
                places[key] = merged.count
                merged.append(header)
            }
        }
        return merged
    }
}

extension RequestHeader {
    /// The most a header file may hold (1 MiB): read no further, so that
    /// `-H @/dev/zero` fails at once in bounded memory.
    public static let maximumFileSize = 1 << 20

    /// The headers of `-H @FILE`, read as curl (8.13 and later) reads such a
    /// file: one header a line, a line ending in LF or CRLF (the last may have
    /// neither); a line that is empty or only spaces and tabs is skipped, and
    /// so is a comment, a line whose first character after any spaces or tabs
    /// is `#`. Every other line must be a header as `parse` reads it (where
    /// curl would skip a line with no colon, this is `usage`), its message
    /// prefixed with the line's number: `line 3: malformed header …`. Values
    /// must be UTF-8. The headers come back in file order, not yet merged.
    public static func lines(fromFile contents: [UInt8]) throws(ToolError) -> [RequestHeader] {
        var headers: [RequestHeader] = []
        let lines = contents.split(separator: 0x0A, omittingEmptySubsequences: false)
        for (offset, var line) in lines.enumerated() {
            if line.last == 0x0D { line.removeLast() }
            guard let first = line.first(where: { !isBlank($0) }), first != UInt8(ascii: "#") else { continue }
            do throws(ToolError) {
                headers.append(try parse(line))
            } catch {
                throw ToolError(.usage, "line \(offset + 1): \(error.message)")
            }
        }
        return headers
    }
}

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
