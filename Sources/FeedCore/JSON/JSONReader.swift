/// Reads JSON values, one after another, from a buffer of UTF-8 bytes: a single
/// document, NDJSON, or values separated by any JSON white space.
///
/// Strict RFC 8259: no trailing commas, no comments, no lone surrogates, no raw
/// control characters in strings, valid UTF-8 only. Nesting is limited to
/// `maxDepth` so hostile input cannot overflow the stack.
///
/// The reference: every other reader of JSON in the package (the fast
/// paths' `JSONScanner` and `EscapedJSONScanner`, the stream's
/// `JSONValueBoundary`) exists for speed or for input in pieces, and is held
/// to this one by differential tests and fuzz targets; where they decline
/// or disagree, this reader's answer and error are the ones reported.
public struct JSONReader {
    public static let defaultMaxDepth = 512

    private let bytes: [UInt8]
    private var index: Int
    private let maxDepth: Int

    public init(_ bytes: [UInt8], maxDepth: Int = JSONReader.defaultMaxDepth) {
        self.bytes = bytes
        self.index = 0
        self.maxDepth = maxDepth
    }

    /// The offset of the next unread byte.
    public var offset: Int { index }

    /// True when only white space is left.
    public mutating func isAtEnd() -> Bool {
        skipWhitespace()
        return index >= bytes.count
    }

    /// The next value, or nil at the end of the input.
    public mutating func next() throws(JSONSyntaxError) -> JSON? {
        let bytes = self.bytes
        var position = index
        defer { index = position }
        return try bytes.withUnsafeBufferPointer { (buffer) throws(JSONSyntaxError) -> JSON? in
            try JSONReader.value(in: buffer, at: &position, maxDepth: maxDepth)
        }
    }

    /// The value that starts at `offset` (after white space) in `buffer`, or
    /// nil at the end; `offset` moves past it.
    public static func value(in buffer: UnsafeBufferPointer<UInt8>, at offset: inout Int,
                             maxDepth: Int = defaultMaxDepth) throws(JSONSyntaxError) -> JSON? {
        while offset < buffer.count, JSONWhitespace.contains(buffer[offset]) { offset += 1 }
        if offset >= buffer.count { return nil }
        var parser = JSONParser(buffer: buffer, index: offset, maxDepth: maxDepth)
        let value = try parser.parseValue(depth: 0)
        offset = parser.index
        // Two values must be separated by white space or be self-delimiting;
        // `1 2` is two values, `12` one, `truex` an error.
        if offset < buffer.count, !JSONWhitespace.contains(buffer[offset]) {
            switch value {
            case .number: throw JSONSyntaxError(reason: "unexpected character after number", offset: offset)
            case .bool, .null: throw JSONSyntaxError(reason: "unexpected character after literal", offset: offset)
            default: break
            }
        }
        return value
    }

    /// The value that starts at `offset` (after white space) in `buffer` as
    /// a member or element of a larger one: `offset` moves past it, to what
    /// follows it (a comma, a bracket), which it does not look at.
    public static func member(in buffer: UnsafeBufferPointer<UInt8>, at offset: inout Int,
                              maxDepth: Int = defaultMaxDepth) throws(JSONSyntaxError) -> JSON {
        var parser = JSONParser(buffer: buffer, index: offset, maxDepth: maxDepth)
        let value = try parser.parseValue(depth: 0)
        offset = parser.index
        return value
    }

    /// Reads exactly one value from `bytes`; anything but white space after it is an error.
    public static func parseSingle(_ bytes: [UInt8], maxDepth: Int = defaultMaxDepth) throws(JSONSyntaxError) -> JSON {
        var reader = JSONReader(bytes, maxDepth: maxDepth)
        guard let value = try reader.next() else {
            throw JSONSyntaxError(reason: "no JSON value", offset: 0)
        }
        if !reader.isAtEnd() {
            throw JSONSyntaxError(reason: "unexpected data after the JSON value", offset: reader.offset)
        }
        return value
    }

    private mutating func skipWhitespace() {
        while index < bytes.count, JSONWhitespace.contains(bytes[index]) { index += 1 }
    }
}
