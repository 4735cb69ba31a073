/// Writes JSON values as the contract asks: compact (one line, for NDJSON) or
/// pretty (two-space indent, for people); keys in the value's order; slashes
/// not escaped; non-ASCII written as UTF-8.
public struct JSONWriter {
    public enum Style: Sendable { case compact, pretty }

    public var style: Style

    public init(style: Style = .compact) {
        self.style = style
    }

    /// The value's text, ending in a newline (one NDJSON line, or one pretty document).
    public func line(_ value: JSON) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(256)
        append(value, to: &out, indent: 0)
        out.append(0x0A)
        return out
    }

    public func append(_ value: JSON, to out: inout [UInt8], indent: Int) {
        switch value {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let flag): out.append(contentsOf: (flag ? "true" : "false").utf8)
        case .number(let text): out.append(contentsOf: text.utf8)
        case .string(let string): JSONWriter.appendString(string, to: &out)
        case .array(let elements):
            if elements.isEmpty { out.append(contentsOf: "[]".utf8); return }
            out.append(UInt8(ascii: "["))
            for (offset, element) in elements.enumerated() {
                if offset > 0 { out.append(UInt8(ascii: ",")) }
                newline(&out, indent: indent + 1)
                append(element, to: &out, indent: indent + 1)
            }
            newline(&out, indent: indent)
            out.append(UInt8(ascii: "]"))
        case .object(let object):
            if object.members.isEmpty { out.append(contentsOf: "{}".utf8); return }
            out.append(UInt8(ascii: "{"))
            for (offset, member) in object.members.enumerated() {
                if offset > 0 { out.append(UInt8(ascii: ",")) }
                newline(&out, indent: indent + 1)
                JSONWriter.appendString(member.key, to: &out)
                out.append(UInt8(ascii: ":"))
                if style == .pretty { out.append(UInt8(ascii: " ")) }
                append(member.value, to: &out, indent: indent + 1)
            }
            newline(&out, indent: indent)
            out.append(UInt8(ascii: "}"))
        }
    }

    private func newline(_ out: inout [UInt8], indent: Int) {
        guard style == .pretty else { return }
        out.append(0x0A)
        out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent * 2))
    }

    public static func appendString(_ string: String, to out: inout [UInt8]) {
        var string = string
        string.withUTF8 { appendString(utf8: $0, to: &out) }
    }

    /// A string given as its UTF-8 bytes (already valid), quoted and escaped.
    public static func appendString(utf8: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var runStart = 0
        while true {
            let offset = JSONStringBytes.plainRunEnd(in: utf8, from: runStart)
            out.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<offset]))
            guard offset < utf8.count else { break }
            let byte = utf8[offset]
            runStart = offset + 1
            JSONEscapes.appendWritersEscape(for: byte, to: &out)
        }
        out.append(UInt8(ascii: "\""))
    }
}
