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
