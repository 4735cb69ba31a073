/// Header bytes of one direction as libcurl's debug callback hands them
/// over (a request's whole head at once, a response's a line at a time, in
/// either case possibly cut anywhere), made into whole lines: split at LF, a
/// CR before it dropped, blank lines (the end of a head) left out. A line
/// not yet ended waits for the rest.
struct TraceLines {
    private var pending: [UInt8] = []

    /// The lines that `bytes` completes.
    mutating func add(_ bytes: UnsafeRawBufferPointer) -> [ArraySlice<UInt8>] {
        pending += bytes
        var lines: [ArraySlice<UInt8>] = []
        var start = pending.startIndex
        while let end = pending[start...].firstIndex(of: 0x0A) {
            var line = pending[start..<end]
            if line.last == 0x0D { line = line.dropLast() }
            if !line.isEmpty { lines.append(line) }
            start = end + 1
        }
        pending = Array(pending[start...])
        return lines
    }

    /// What is left that no line end closed (a transfer cut off mid-line).
    mutating func flush() -> [ArraySlice<UInt8>] {
        defer { pending = [] }
        var line = pending[...]
        if line.last == 0x0D { line = line.dropLast() }
        return line.isEmpty ? [] : [line]
    }
}
