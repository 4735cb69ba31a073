/// The ids `CachedFeedIDs` has yet to write, one a line, in a buffer given
/// out in pieces of about 64 KiB.
struct IDLines {
    private var buffer: [UInt8] = []
    private static let chunk = 1 << 16

    init() {
        buffer.reserveCapacity(IDLines.chunk + 256)
    }

    var isFull: Bool { buffer.count >= IDLines.chunk }
    var isEmpty: Bool { buffer.isEmpty }

    /// A string's value, its escapes decoded (the document's bytes are not
    /// ours to change: an escaped one is decoded in a copy), and a newline.
    mutating func append(_ span: JSONSpan, _ scanner: JSONScanner) {
        let text = UnsafeBufferPointer(start: scanner.base + span.start, count: span.count)
        if span.escaped {
            var copy = Array(text)
            let end = copy.withUnsafeMutableBufferPointer { bytes in
                JSONScanner(bytes).unescapeInPlace(JSONSpan(start: 0, end: bytes.count, escaped: true))
            }
            buffer.append(contentsOf: copy[..<end])
        } else {
            buffer.append(contentsOf: text)
        }
        buffer.append(0x0A)
    }

    /// What it holds, leaving it empty (its capacity kept).
    mutating func take() -> [UInt8] {
        defer { buffer.removeAll(keepingCapacity: true) }
        return buffer
    }
}
