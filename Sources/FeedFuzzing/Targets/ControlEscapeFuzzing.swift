import FeedCore
import FeedPresentation

/// The one escape of control characters (`ControlEscape`) and the bytes no
/// input holds (`InputTextBytes`), on any bytes. Escaped, a value holds no
/// C0 control, no DEL and no C1 in UTF-8; the tsv form (backslashes
/// doubled) reads back to the very bytes, and so does the display form of
/// a value with no backslash; the fast scan writes what a byte-at-a-time
/// reading of the rule writes; a tsv line of the value is one field; the
/// text format of an item with it as its texts writes no control character
/// but its own newlines. The first impossible byte is the one a plain scan finds.
enum ControlEscapeFuzzing {
    static let name = "control-escape"
    private static let expect = FuzzCheck(target: name)

    static func check(_ input: [UInt8]) throws(FuzzFinding) {
        for doubling in [true, false] {
            var escaped: [UInt8] = []
            input.withUnsafeBufferPointer { ControlEscape.append($0, doublingBackslash: doubling, to: &escaped) }
            try expect.require(escaped == reference(input, doublingBackslash: doubling), "the escape differs from the rule read byte by byte")
            try expect.require(!holdsControl(escaped, allowing: []), "a control character left in \(escaped)")
            let needs = input.withUnsafeBufferPointer { ControlEscape.needsEscaping($0, doublingBackslash: doubling) }
            try expect.require(needs == (escaped != input), "needsEscaping says \(needs) for \(input)")
            if doubling || !input.contains(0x5C) {
                try expect.require(ControlEscape.unescaped(escaped) == input, "the escape does not read back to \(input)")
            }
        }

        let text = String(decoding: input, as: UTF8.self)
        var line: [UInt8] = []
        TabSeparatedLine.append(strings: [text, text], to: &line)
        let fields = line.dropLast().split(separator: 0x09, omittingEmptySubsequences: false)
        try expect.require(line.last == 0x0A && fields.count == 2, "a tsv line of two values is not two fields")
        try expect.require(fields.allSatisfy { ControlEscape.unescaped($0) == Array(text.utf8) }, "a tsv field does not read back")
        try expect.require(Array(ControlEscape.escaped(text).utf8) == reference(Array(text.utf8), doublingBackslash: false),
                           "the String form differs from the bytes'")

        let item = JSON.object(JSONObject(FeedItemField.all.filter { $0.kind == .string }.map { (key: $0.name, value: .string(text)) }))
        try expect.require(!holdsControl(Array(TextFormat.feed([item]).utf8), allowing: [0x0A]), "the text format writes a control character")

        let impossible = input.withUnsafeBytes(InputTextBytes.firstImpossible)
        try expect.require(impossible == input.firstIndex { $0 < 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D },
                           "firstImpossible says \(String(describing: impossible))")
    }

    /// The rule, one byte at a time.
    private static func reference(_ bytes: [UInt8], doublingBackslash: Bool) -> [UInt8] {
        var out: [UInt8] = []
        var index = 0
        func escape(_ code: UInt8) {
            switch code {
            case 0x09: out += Array(#"\t"#.utf8)
            case 0x0A: out += Array(#"\n"#.utf8)
            case 0x0D: out += Array(#"\r"#.utf8)
            default:
                let digits = Array("0123456789ABCDEF".utf8)
                out += Array(#"\u00"#.utf8) + [digits[Int(code >> 4)], digits[Int(code & 0x0F)]]
            }
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte < 0x20 || byte == 0x7F {
                escape(byte)
            } else if byte == 0xC2, index + 1 < bytes.count, (0x80...0x9F).contains(bytes[index + 1]) {
                escape(bytes[index + 1])
                index += 1
            } else if byte == 0x5C, doublingBackslash {
                out += [0x5C, 0x5C]
            } else {
                out.append(byte)
            }
            index += 1
        }
        return out
    }

    private static func holdsControl(_ bytes: [UInt8], allowing: Set<UInt8>) -> Bool {
        bytes.indices.contains { index in
            let byte = bytes[index]
            return (byte < 0x20 && !allowing.contains(byte)) || byte == 0x7F
                || (byte == 0xC2 && index + 1 < bytes.count && (0x80...0x9F).contains(bytes[index + 1]))
        }
    }
}
