/// One value read from a stage's standard input, by its shape.
public enum Record: Equatable, Sendable {
    /// A response record from feed-fetch (it has a "status").
    case response(ResponseRecord)
    /// A failure from an earlier stage (it has an "error"): pass it on.
    case error(ErrorRecord)
    /// A document with an "items" array: a feed document, or a bare payload.
    case document(JSONObject)

    /// Sorts a value by its keys: "error" first, then "status", then "items".
    public static func classify(_ value: JSON) throws(ToolError) -> Record {
        guard case .object(let object) = value else {
            throw ToolError(.invalidData, "malformed input: expected a JSON object, got \(value.typeName)")
        }
        if object["error"] != nil { return .error(try ErrorRecord(json: object)) }
        if object["status"] != nil { return .response(try ResponseRecord(json: object)) }
        if object["items"] != nil { return .document(object) }
        throw ToolError(.invalidData, "malformed input: not a response record, feed document or error record")
    }

    /// The URL the record concerns, if any (for error records written in its place).
    public var url: String? {
        switch self {
        case .response(let response): return response.url
        case .error(let error): return error.url
        case .document: return nil
        }
    }
}

/// Reads the records of a stage's standard input, one after another.
public struct RecordReader {
    private var reader: JSONReader
    private var failed = false

    public init(_ bytes: [UInt8]) {
        reader = JSONReader(bytes)
    }

    /// True if the input holds nothing but white space.
    public mutating func isEmpty() -> Bool { reader.offset == 0 && reader.isAtEnd() }

    /// The next record, or nil at the end. Malformed JSON ends the stream with
    /// an `invalid-data` error: after it nothing can be trusted.
    public mutating func next() -> Result<Record, ToolError>? {
        guard !failed else { return nil }
        do {
            guard let value = try reader.next() else { return nil }
            return Result { () throws(ToolError) in try Record.classify(value) }
        } catch {
            failed = true
            return .failure(ToolError(.invalidData, "malformed input: \(error)"))
        }
    }
}
