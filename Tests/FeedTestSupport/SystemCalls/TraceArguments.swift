import Foundation

/// The arguments of one call as strace writes them with `-y -xx`: a
/// descriptor with its path (`5<\x2f…>`), a string (`"\x61…"`), or anything
/// else, kept as written (flags, numbers, structures).
struct TraceArguments {
    enum Argument {
        case descriptor(path: [UInt8])
        case string([UInt8])
        case other(String)
    }

    let arguments: [Argument]

    static func split(_ text: Substring) throws -> TraceArguments {
        var arguments: [Argument] = []
        var rest = text[...]
        while !rest.isEmpty {
            rest = rest.drop { $0 == " " || $0 == "," }
            guard let first = rest.first else { break }
            if first == "\"" {
                let (bytes, after) = try decodeString(rest.dropFirst(), until: "\"")
                arguments.append(.string(bytes))
                rest = after.drop { $0 == "." } // "…"... when cut short
            } else {
                var depth = 0
                let end = rest.firstIndex { character in
                    if character == "[" || character == "{" || character == "<" { depth += 1 }
                    if character == "]" || character == "}" || character == ">" { depth -= 1 }
                    return character == "," && depth == 0
                } ?? rest.endIndex
                let token = rest[..<end]
                if let open = token.firstIndex(of: "<"), token.last == ">" {
                    let (path, _) = try decodeString(token[token.index(after: open)...], until: ">")
                    arguments.append(.descriptor(path: path))
                } else {
                    arguments.append(.other(String(token)))
                }
                rest = rest[end...]
            }
        }
        return TraceArguments(arguments: arguments)
    }

    /// The bytes up to `terminator`, `\xNN` and the C escapes decoded; what follows it.
    private static func decodeString(_ text: Substring, until terminator: Character) throws -> ([UInt8], Substring) {
        var bytes: [UInt8] = []
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if character == terminator { return (bytes, text[text.index(after: index)...]) }
            if character == "\\" {
                let escape = text.index(after: index)
                guard escape < text.endIndex else { break }
                if text[escape] == "x", let end = text.index(escape, offsetBy: 3, limitedBy: text.endIndex),
                   let byte = UInt8(text[text.index(after: escape)..<end], radix: 16) {
                    bytes.append(byte)
                    index = end
                    continue
                }
                let simple: [Character: UInt8] = ["n": 10, "t": 9, "r": 13, "\\": 92, "\"": 34, "v": 11, "f": 12, "0": 0]
                guard let byte = simple[text[escape]] else { throw SystemCallTrace.Unreadable(description: "escape in \(text.prefix(60))") }
                bytes.append(byte)
                index = text.index(after: escape)
                continue
            }
            bytes.append(contentsOf: Array(String(character).utf8))
            index = text.index(after: index)
        }
        throw SystemCallTrace.Unreadable(description: "unterminated: \(text.prefix(60))")
    }

    func path(_ index: Int) throws -> String {
        guard index < arguments.count, case .descriptor(let path) = arguments[index] else {
            throw SystemCallTrace.Unreadable(description: "argument \(index) is no descriptor with a path (strace -y)")
        }
        return String(decoding: path, as: UTF8.self)
    }

    func bytes(_ index: Int) throws -> [UInt8] {
        guard index < arguments.count, case .string(let bytes) = arguments[index] else {
            throw SystemCallTrace.Unreadable(description: "argument \(index) is no string")
        }
        return bytes
    }

    func text(_ index: Int) throws -> String { String(decoding: try bytes(index), as: UTF8.self) }

    func raw(_ index: Int) -> String {
        guard index < arguments.count, case .other(let text) = arguments[index] else { return "" }
        return text.trimmingCharacters(in: .whitespaces)
    }

    /// `path` with no empty or `.` component.
    static func normalized(_ path: String) -> String {
        "/" + path.split(separator: "/").filter { $0 != "." }.joined(separator: "/")
    }
}
