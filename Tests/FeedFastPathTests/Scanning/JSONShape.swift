import XCTest
import FeedTestSupport
import Foundation
@testable import FeedFastPath
@testable import FeedCore

// MARK: - A comparable form of a JSON value

/// Numbers as Double, strings as their exact UTF-8 bytes, objects as
/// dictionaries (a duplicate key: the last value wins), arrays in order.
indirect enum JSONShape: Equatable, CustomStringConvertible {
    case null
    case bool(Bool)
    case number(Double)
    case string([UInt8])
    case array([JSONShape])
    case object([[UInt8]: JSONShape])
    case unknown(String)

    init(_ json: JSON) {
        switch json {
        case .null: self = .null
        case .bool(let flag): self = .bool(flag)
        case .number(let text): self = Double(text).map(JSONShape.number) ?? .unknown("number \(text)")
        case .string(let string): self = .string(Array(string.utf8))
        case .array(let elements): self = .array(elements.map(JSONShape.init))
        case .object(let object):
            var members: [[UInt8]: JSONShape] = [:]
            for member in object.members { members[Array(member.key.utf8)] = JSONShape(member.value) }
            self = .object(members)
        }
    }

    /// Equal, numbers allowed `ulps` apart.
    func matches(_ other: JSONShape, ulps: Int) -> Bool {
        switch (self, other) {
        case (.number(let a), .number(let b)):
            var low = b, high = b
            for _ in 0..<ulps { low = low.nextDown; high = high.nextUp }
            return a >= low && a <= high
        case (.array(let a), .array(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.matches($1, ulps: ulps) }
        case (.object(let a), .object(let b)):
            return a.count == b.count && a.allSatisfy { key, value in b[key].map { value.matches($0, ulps: ulps) } ?? false }
        default:
            return self == other
        }
    }

    init(foundation any: Any) {
        if any is NSNull {
            self = .null
        } else if let string = any as? String {
            self = .string(Array(string.utf8))
        } else if let number = any as? NSNumber {
            // JSONSerialization gives booleans as NSNumber of type char ("c"); numbers never are.
            if String(cString: number.objCType) == "c" {
                self = .bool(number.boolValue)
            } else {
                self = .number(number.doubleValue)
            }
        } else if let array = any as? [Any] {
            self = .array(array.map { JSONShape(foundation: $0) })
        } else if let dictionary = any as? [String: Any] {
            var members: [[UInt8]: JSONShape] = [:]
            for (key, value) in dictionary { members[Array(key.utf8)] = JSONShape(foundation: value) }
            self = .object(members)
        } else {
            self = .unknown("\(type(of: any))")
        }
    }

    var description: String {
        switch self {
        case .null: return "null"
        case .bool(let flag): return "\(flag)"
        case .number(let value): return "\(value)"
        case .string(let bytes): return Printable.bytes(bytes)
        case .array(let elements): return "[" + elements.map(\.description).joined(separator: ",") + "]"
        case .object(let members):
            let sorted = members.map { (Printable.bytes($0.key), $0.value.description) }.sorted { $0.0 < $1.0 }
            return "{" + sorted.map { "\($0.0):\($0.1)" }.joined(separator: ",") + "}"
        case .unknown(let what): return "<unknown \(what)>"
        }
    }
}

// MARK: - Where Foundation on Linux departs from RFC 8259

/// Inputs on which `JSONSerialization` (Linux) is knowingly more lenient or
/// more limited than RFC 8259; the differential tests leave them out and the
/// `knownDifference` tests pin the product's behaviour there. The check is
/// lexical (strings skipped), made without asking either parser.
enum FoundationCorner {
    static func reason(_ bytes: [UInt8]) -> String? {
        if encodingDetection(bytes) { return "encoding detection (BOM or NUL in the first bytes)" }
        if trailingComma(bytes) { return "trailing comma" }
        if numberBeyondDouble(bytes) { return "number beyond Double" }
        return nil
    }

    /// A byte order mark, or a NUL among the first four bytes (Foundation reads UTF-16/32).
    static func encodingDetection(_ bytes: [UInt8]) -> Bool {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) || bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE]) {
            return true
        }
        return bytes.prefix(4).contains(0)
    }

    /// `,` then white space then `]` or `}`, outside strings.
    static func trailingComma(_ bytes: [UInt8]) -> Bool {
        var found = false
        forEachOutsideStrings(bytes) { index in
            guard bytes[index] == UInt8(ascii: ",") else { return }
            var next = index + 1
            while next < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[next]) { next += 1 }
            if next < bytes.count, bytes[next] == UInt8(ascii: "]") || bytes[next] == UInt8(ascii: "}") { found = true }
        }
        return found
    }

    /// A number token that overflows a Double, or an integer of more than 18 digits.
    static func numberBeyondDouble(_ bytes: [UInt8]) -> Bool {
        var found = false
        forEachNumberToken(bytes) { range in
            let token = String(decoding: bytes[range], as: UTF8.self)
            guard let value = Double(token) else { return }
            let digits = token.utf8.filter { $0 >= 0x30 && $0 <= 0x39 }.count
            let integer = !token.contains(where: { $0 == "." || $0 == "e" || $0 == "E" })
            if !value.isFinite || (integer && digits > 18) { found = true }
        }
        return found
    }

    /// A number token of 18 or more characters, which Foundation on Linux
    /// reads up to several ulps off the correctly rounded Double (shorter ones
    /// it reads exactly).
    static func longNumber(_ bytes: [UInt8]) -> Bool {
        var found = false
        forEachNumberToken(bytes) { range in
            if range.count >= longNumberLength { found = true }
        }
        return found
    }

    static let longNumberLength = 18

    /// Calls `body` with the range of every number-like token (a sign or
    /// digit, then digits, signs, dots and exponents) outside string literals.
    private static func forEachNumberToken(_ bytes: [UInt8], _ body: (Range<Int>) -> Void) {
        var skipUntil = 0
        forEachOutsideStrings(bytes) { index in
            guard index >= skipUntil else { return }
            let byte = bytes[index]
            guard byte == UInt8(ascii: "-") || (byte >= 0x30 && byte <= 0x39) else { return }
            var end = index
            while end < bytes.count, "0123456789+-.eE".utf8.contains(bytes[end]) { end += 1 }
            skipUntil = end
            body(index..<end)
        }
    }

    /// Calls `body` with the offset of every byte outside a string literal.
    private static func forEachOutsideStrings(_ bytes: [UInt8], _ body: (Int) -> Void) {
        var inString = false
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if inString {
                if byte == 0x5C { index += 2; continue }
                if byte == 0x22 { inString = false }
            } else if byte == 0x22 {
                inString = true
            } else {
                body(index)
            }
            index += 1
        }
    }
}
