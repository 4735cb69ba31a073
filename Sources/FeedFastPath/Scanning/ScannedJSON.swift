import FeedCore

/// A JSON value built with `JSONScanner` alone (its strings
/// decoded in place, its numbers' text as they stand), to hold against the
/// value the reference reader builds from the same bytes, at every depth.
enum ScannedJSON {
    static func value(_ scanner: inout JSONScanner) -> JSON? {
        scanner.skipWhitespace()
        guard let byte = scanner.peek() else { return nil }
        switch byte {
        case UInt8(ascii: "\""): return string(&scanner).map(JSON.string)
        case UInt8(ascii: "{"): return object(&scanner)
        case UInt8(ascii: "["): return array(&scanner)
        case UInt8(ascii: "n"): return scanner.null() ? .null : nil
        case UInt8(ascii: "t"), UInt8(ascii: "f"):
            let start = scanner.index
            guard scanner.skipValue() else { return nil }
            return .bool(scanner.index - start == 4)
        default:
            guard let span = scanner.number() else { return nil }
            return .number(String(decoding: UnsafeBufferPointer(start: scanner.base + span.start, count: span.count), as: UTF8.self))
        }
    }

    private static func string(_ scanner: inout JSONScanner) -> String? {
        guard let span = scanner.string() else { return nil }
        let end = scanner.unescapeInPlace(span)
        return String(decoding: UnsafeBufferPointer(start: scanner.base + span.start, count: end - span.start), as: UTF8.self)
    }

    private static func object(_ scanner: inout JSONScanner) -> JSON? {
        scanner.index += 1
        var object = JSONObject()
        if scanner.consume(UInt8(ascii: "}")) { return .object(object) }
        repeat {
            guard let key = string(&scanner), scanner.consume(UInt8(ascii: ":")), let member = value(&scanner) else { return nil }
            object[key] = member
        } while scanner.consume(UInt8(ascii: ","))
        return scanner.consume(UInt8(ascii: "}")) ? .object(object) : nil
    }

    private static func array(_ scanner: inout JSONScanner) -> JSON? {
        scanner.index += 1
        var elements: [JSON] = []
        if scanner.consume(UInt8(ascii: "]")) { return .array(elements) }
        repeat {
            guard let element = value(&scanner) else { return nil }
            elements.append(element)
        } while scanner.consume(UInt8(ascii: ","))
        return scanner.consume(UInt8(ascii: "]")) ? .array(elements) : nil
    }
}
