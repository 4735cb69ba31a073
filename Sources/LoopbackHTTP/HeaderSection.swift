/// Splitting a header section (start line, header lines, blank line; LF or CR LF) into its
/// lines and header fields: shared by requests and the proxy's origin responses.
enum HeaderSection {
    /// The section's lines without their line ends or the trailing blank line; the start line
    /// first. Throws `.reject(400)` for an empty section.
    static func lines(_ section: ArraySlice<UInt8>) throws(MessageReadFailure) -> [String] {
        // Split on LF bytes (not Characters: "\r\n" is one Character in Swift), dropping a CR before each.
        var lines = section.split(separator: 10, omittingEmptySubsequences: false).map { line in
            String(decoding: line.last == 13 ? line.dropLast() : line, as: UTF8.self)
        }
        while let last = lines.last, last.isEmpty { lines.removeLast() }
        guard !lines.isEmpty else { throw .reject(400) }
        return lines
    }

    /// The header fields `lines` (those after the start line) hold, in order, names as sent;
    /// folded lines joined. Throws `.reject(400)` for a malformed line.
    static func fields(_ lines: ArraySlice<String>) throws(MessageReadFailure) -> [(name: String, value: String)] {
        var fields: [(name: String, value: String)] = []
        for line in lines {
            if let first = line.first, first == " " || first == "\t" {
                // Obsolete line folding: continue the previous value.
                guard let previous = fields.popLast() else { throw .reject(400) }
                fields.append((previous.name, previous.value + " " + String(line).trimmingSpaces()))
                continue
            }
            guard let colon = line.firstIndex(of: ":") else { throw .reject(400) }
            let name = String(line[..<colon])
            guard !name.isEmpty, !name.contains(" "), !name.contains("\t") else { throw .reject(400) }
            let value = String(line[line.index(after: colon)...]).trimmingSpaces()
            fields.append((name, value))
        }
        return fields
    }
}
