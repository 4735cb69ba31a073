/// The header lines of a response as libcurl hands them over, one by one:
/// a status line starts a new response (after a redirect, or an interim
/// 1xx), a line that starts with white space continues the one before.
public struct ResponseHeaderLines {
    public private(set) var fields: [(name: String, value: String)] = []

    public init() {}

    public mutating func add(_ line: UnsafeRawBufferPointer) {
        var end = line.count
        while end > 0, line[end - 1] == 0x0D || line[end - 1] == 0x0A { end -= 1 }
        let text = String(decoding: UnsafeRawBufferPointer(rebasing: line[..<end]), as: UTF8.self)
        if text.hasPrefix("HTTP/") {
            fields.removeAll()
        } else if let first = text.utf8.first, first == 0x20 || first == 0x09, !fields.isEmpty {
            let more = text.trimmingSpaces()
            let value = fields[fields.count - 1].value
            if !more.isEmpty { fields[fields.count - 1].value = value.isEmpty ? more : value + " " + more }
        } else if let colon = text.firstIndex(of: ":") {
            // Blanks around a name (`Name : value`) are not part of it; a line with no name is dropped.
            let name = String(text[..<colon]).trimmingSpaces()
            if !name.isEmpty { fields.append((name, String(text[text.index(after: colon)...]).trimmingSpaces())) }
        }
    }
}

extension String {
    /// Without the spaces and tabs at either end: cut as bytes, since a blank
    /// followed by a combining mark is one Character, not a blank one.
    func trimmingSpaces() -> String {
        var bytes = Substring(self).utf8[...]
        while let first = bytes.first, first == 0x20 || first == 0x09 { bytes = bytes.dropFirst() }
        while let last = bytes.last, last == 0x20 || last == 0x09 { bytes = bytes.dropLast() }
        return String(decoding: bytes, as: UTF8.self)
    }
}
