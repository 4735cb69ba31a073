/// The header lines of a response as libcurl hands them over, one by one:
/// a status line starts a new response (after a redirect, or an interim
/// 1xx), a line that starts with white space continues the one before.
struct ResponseHeaderLines {
    private(set) var fields: [(name: String, value: String)] = []

    mutating func add(_ line: UnsafeRawBufferPointer) {
        var end = line.count
        while end > 0, line[end - 1] == 0x0D || line[end - 1] == 0x0A { end -= 1 }
        let text = String(decoding: UnsafeRawBufferPointer(rebasing: line[..<end]), as: UTF8.self)
        if text.hasPrefix("HTTP/") {
            fields.removeAll()
        } else if let first = text.first, first == " " || first == "\t", !fields.isEmpty {
            fields[fields.count - 1].value += " " + text.trimmingSpaces()
        } else if let colon = text.firstIndex(of: ":") {
            fields.append((String(text[..<colon]), String(text[text.index(after: colon)...]).trimmingSpaces()))
        }
    }
}

extension String {
    func trimmingSpaces() -> String {
        var slice = Substring(self)
        while let first = slice.first, first == " " || first == "\t" { slice.removeFirst() }
        while let last = slice.last, last == " " || last == "\t" { slice.removeLast() }
        return String(slice)
    }
}
