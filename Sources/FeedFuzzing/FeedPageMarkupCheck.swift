/// Reads a feed page as a browser would tokenise it, just enough to tell
/// its own markup from text that got out of its escaping: tags, attribute
/// values, entities, and the one `<style>` element skipped whole.
struct FeedPageMarkupCheck {
    let page: [UInt8]
    let expect: FuzzCheck

    static let tags: Set<String> = [
        "!DOCTYPE", "html", "head", "meta", "title", "style", "body", "header", "h1", "p", "time", "main",
        "figure", "img", "div", "span", "figcaption", "details", "summary",
    ]
    static let entities = ["&amp;", "&lt;", "&gt;", "&quot;", "&#39;"].map { Array($0.utf8) }

    func run() throws(FuzzFinding) {
        var index = 0
        while index < page.count {
            switch page[index] {
            case UInt8(ascii: "<"): index = try tag(at: index)
            case UInt8(ascii: "&"): try entity(at: index); index += 1
            case UInt8(ascii: ">"): throw expect.fail("a '>' outside a tag at byte \(index)")
            default: index += 1
            }
        }
    }

    /// Checks the tag at `start`; returns the index after it (after `</style>` for a style element).
    private func tag(at start: Int) throws(FuzzFinding) -> Int {
        var index = start + 1
        if index < page.count, page[index] == UInt8(ascii: "/") { index += 1 }
        let nameStart = index
        while index < page.count, page[index] != 0x20, page[index] != UInt8(ascii: ">") { index += 1 }
        let name = String(decoding: page[nameStart..<index], as: UTF8.self)
        try expect.require(Self.tags.contains(name), "an unknown tag '<\(name)' at byte \(start)")
        var quoted = false
        var valueStart = 0
        while index < page.count {
            let byte = page[index]
            if byte == UInt8(ascii: "\"") {
                if quoted { try attribute(page[valueStart..<index]) } else { valueStart = index + 1 }
                quoted.toggle()
            } else if byte == UInt8(ascii: "<") || (byte == UInt8(ascii: ">") && quoted) {
                throw expect.fail("a '\(Character(Unicode.Scalar(byte)))' inside the tag at byte \(start)")
            } else if byte == UInt8(ascii: ">") {
                break
            }
            index += 1
        }
        try expect.require(index < page.count, "the tag at byte \(start) does not end")
        guard name == "style", page[start + 1] != UInt8(ascii: "/") else { return index + 1 }
        guard let close = Self.find(Array("</style>".utf8), in: page, from: index) else { throw expect.fail("no </style>") }
        return close
    }

    private func attribute(_ value: ArraySlice<UInt8>) throws(FuzzFinding) {
        for (offset, byte) in zip(value.indices, value) where byte == UInt8(ascii: "&") {
            try entity(at: offset)
        }
        guard value.starts(with: "data:".utf8) else { return }
        try expect.require(value.starts(with: "data:image/".utf8), "a data: URI that is not an image")
        guard let comma = value.firstIndex(of: UInt8(ascii: ",")) else { throw expect.fail("a data: URI without its data") }
        try expect.require(value[..<comma].reversed().starts(with: ";base64".utf8.reversed()), "a data: URI not in base64")
        try expect.require(value[(comma + 1)...].allSatisfy(Self.isBase64), "a data: URI whose data is not base64")
    }

    private func entity(at index: Int) throws(FuzzFinding) {
        let rest = page[index...]
        try expect.require(Self.entities.contains { rest.starts(with: $0) }, "a bare '&' at byte \(index)")
    }

    static func isBase64(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A) || byte == 0x2B || byte == 0x2F || byte == 0x3D
    }

    static func find(_ needle: [UInt8], in page: [UInt8], from start: Int) -> Int? {
        guard page.count >= needle.count else { return nil }
        return (start...(page.count - needle.count)).first { page[$0..<($0 + needle.count)].elementsEqual(needle) }
    }

    static func count(of needle: [UInt8], in page: [UInt8]) -> Int {
        var count = 0, index = 0
        while let found = find(needle, in: page, from: index) { count += 1; index = found + needle.count }
        return count
    }
}
