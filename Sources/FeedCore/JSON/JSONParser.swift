/// The grammar behind `JSONReader`: one value at a time, by recursive
/// descent, its depth limited so that hostile input cannot overflow the stack.
struct JSONParser {
    let buffer: UnsafeBufferPointer<UInt8>
    var index: Int
    let maxDepth: Int

    func fail(_ reason: String, at offset: Int? = nil) -> JSONSyntaxError {
        JSONSyntaxError(reason: reason, offset: offset ?? index)
    }

    mutating func skipWhitespace() {
        while index < buffer.count, JSONWhitespace.contains(buffer[index]) { index += 1 }
    }

    mutating func parseValue(depth: Int) throws(JSONSyntaxError) -> JSON {
        skipWhitespace()
        guard index < buffer.count else { throw fail("unexpected end of input") }
        switch buffer[index] {
        case UInt8(ascii: "{"): return try parseObject(depth: depth + 1)
        case UInt8(ascii: "["): return try parseArray(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectLiteral("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectLiteral("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectLiteral("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default: throw fail("unexpected character")
        }
    }

    mutating func expectLiteral(_ literal: StaticString) throws(JSONSyntaxError) {
        let start = index
        let count = literal.utf8CodeUnitCount
        guard buffer.count - index >= count else { throw fail("invalid literal", at: start) }
        let matches = literal.withUTF8Buffer { expected in
            for offset in 0..<count where buffer[index + offset] != expected[offset] { return false }
            return true
        }
        guard matches else { throw fail("invalid literal", at: start) }
        index += count
    }

    mutating func parseObject(depth: Int) throws(JSONSyntaxError) -> JSON {
        guard depth <= maxDepth else { throw fail("nesting deeper than \(maxDepth) levels") }
        index += 1 // {
        var members: [(key: String, value: JSON)] = []
        var positions: [ExactKey: Int]? = nil
        skipWhitespace()
        if index < buffer.count, buffer[index] == UInt8(ascii: "}") {
            index += 1
            return .object(JSONObject(distinct: members))
        }
        while true {
            skipWhitespace()
            guard index < buffer.count else { throw fail("unexpected end of input in object") }
            guard buffer[index] == UInt8(ascii: "\"") else { throw fail("expected a string key") }
            let key = try parseString()
            skipWhitespace()
            guard index < buffer.count, buffer[index] == UInt8(ascii: ":") else { throw fail("expected ':' after key") }
            index += 1
            let value = try parseValue(depth: depth)
            // A repeated key keeps its first place and its last value. Keys are
            // the same when their UTF-8 bytes are (RFC 8259 §8.3), not by String's
            // ==, which would merge "\u{E9}" and "e\u{301}".
            if members.count < 16 {
                if let existing = members.firstIndex(where: { $0.key.hasSameUTF8(as: key) }) {
                    members[existing].value = value
                } else {
                    members.append((key, value))
                }
            } else {
                if positions == nil {
                    var map: [ExactKey: Int] = [:]
                    for (offset, member) in members.enumerated() { map[ExactKey(member.key)] = offset }
                    positions = map
                }
                if let existing = positions?[ExactKey(key)] {
                    members[existing].value = value
                } else {
                    positions?[ExactKey(key)] = members.count
                    members.append((key, value))
                }
            }
            skipWhitespace()
            guard index < buffer.count else { throw fail("unexpected end of input in object") }
            let byte = buffer[index]
            index += 1
            if byte == UInt8(ascii: ",") { continue }
            if byte == UInt8(ascii: "}") { return .object(JSONObject(distinct: members)) }
            throw fail("expected ',' or '}' in object", at: index - 1)
        }
    }

    mutating func parseArray(depth: Int) throws(JSONSyntaxError) -> JSON {
        guard depth <= maxDepth else { throw fail("nesting deeper than \(maxDepth) levels") }
        index += 1 // [
        var elements: [JSON] = []
        skipWhitespace()
        if index < buffer.count, buffer[index] == UInt8(ascii: "]") {
            index += 1
            return .array(elements)
        }
        while true {
            elements.append(try parseValue(depth: depth))
            skipWhitespace()
            guard index < buffer.count else { throw fail("unexpected end of input in array") }
            let byte = buffer[index]
            index += 1
            if byte == UInt8(ascii: ",") { continue }
            if byte == UInt8(ascii: "]") { return .array(elements) }
            throw fail("expected ',' or ']' in array", at: index - 1)
        }
    }

    mutating func parseNumber() throws(JSONSyntaxError) -> String {
        let start = index
        if buffer[index] == UInt8(ascii: "-") { index += 1 }
        guard index < buffer.count, isDigit(buffer[index]) else { throw fail("invalid number", at: start) }
        if buffer[index] == UInt8(ascii: "0") {
            index += 1
        } else {
            while index < buffer.count, isDigit(buffer[index]) { index += 1 }
        }
        if index < buffer.count, buffer[index] == UInt8(ascii: ".") {
            index += 1
            guard index < buffer.count, isDigit(buffer[index]) else { throw fail("invalid number", at: start) }
            while index < buffer.count, isDigit(buffer[index]) { index += 1 }
        }
        if index < buffer.count, buffer[index] == UInt8(ascii: "e") || buffer[index] == UInt8(ascii: "E") {
            index += 1
            if index < buffer.count, buffer[index] == UInt8(ascii: "+") || buffer[index] == UInt8(ascii: "-") { index += 1 }
            guard index < buffer.count, isDigit(buffer[index]) else { throw fail("invalid number", at: start) }
            while index < buffer.count, isDigit(buffer[index]) { index += 1 }
        }
        return String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<index]), as: UTF8.self)
    }

    func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    mutating func parseString() throws(JSONSyntaxError) -> String {
        let open = index
        index += 1 // "
        let start = index
        // Fast path: no escapes. Find the closing quote, checking for control characters.
        while true {
            index = JSONStringBytes.plainRunEnd(in: buffer, from: index)
            guard index < buffer.count else { break }
            let byte = buffer[index]
            if byte == UInt8(ascii: "\"") {
                let slice = UnsafeBufferPointer(rebasing: buffer[start..<index])
                index += 1
                guard UTF8Validation.isValid(slice) else { throw fail("invalid UTF-8 in string", at: start) }
                return String(decoding: slice, as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") { break }
            throw fail("control character in string")
        }
        guard index < buffer.count else { throw fail("unterminated string", at: open) }
        // Slow path: unescape into a byte buffer.
        var utf8: [UInt8] = Array(UnsafeBufferPointer(rebasing: buffer[start..<index]))
        while index < buffer.count {
            let byte = buffer[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                guard utf8.withUnsafeBufferPointer(UTF8Validation.isValid) else { throw fail("invalid UTF-8 in string", at: start) }
                return String(decoding: utf8, as: UTF8.self)
            }
            if byte < 0x20 { throw fail("control character in string") }
            if byte != UInt8(ascii: "\\") {
                utf8.append(byte)
                index += 1
                continue
            }
            index += 1
            guard index < buffer.count else { break }
            let escape = buffer[index]
            index += 1
            if let byte = JSONEscapes.decodedShort(escape) {
                utf8.append(byte)
                continue
            }
            switch escape {
            case UInt8(ascii: "u"):
                var scalar = try parseHex4()
                if (0xD800...0xDBFF).contains(scalar) {
                    // Byte by byte, never by what is left: an error is named where
                    // it is, however much input has come after it (a pipe's reader
                    // sees the record alone, the whole-input reader more).
                    guard buffer.count - index >= 2,
                          buffer[index] == UInt8(ascii: "\\"), buffer[index + 1] == UInt8(ascii: "u") else {
                        throw fail("lone surrogate in string")
                    }
                    index += 2
                    let low = try parseHex4()
                    guard (0xDC00...0xDFFF).contains(low) else { throw fail("lone surrogate in string") }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                } else if (0xDC00...0xDFFF).contains(scalar) {
                    throw fail("lone surrogate in string")
                }
                guard let unicode = Unicode.Scalar(scalar) else { throw fail("invalid \\u escape") }
                utf8.append(contentsOf: String(Character(unicode)).utf8)
            default:
                throw fail("invalid escape in string", at: index - 2)
            }
        }
        throw fail("unterminated string", at: open)
    }

    mutating func parseHex4() throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard index < buffer.count else { throw fail("invalid \\u escape") }
            guard let digit = JSONHex.value(buffer[index]) else { throw fail("invalid \\u escape") }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }
}
