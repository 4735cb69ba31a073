/// One value read from a stage's standard input, by its shape.
public enum Record: Equatable, Sendable {
    /// A response record from feed-fetch (it has a "status").
    case response(ResponseRecord)
    /// A failure from an earlier stage (it has an "error"): pass it on.
    case error(ErrorRecord)
    /// A document with an "items" array: a feed document, or a bare payload.
    case document(JSONObject)
    /// `feed-fetch --if-changed` asked nothing: the cached feed is fresh.
    case fresh(FreshRecord)

    /// Sorts a value by its keys: "error" first, then "status", then
    /// "fresh_until", then "items".
    public static func classify(_ value: JSON) throws(ToolError) -> Record {
        guard case .object(let object) = value else {
            throw ToolError(.invalidData, "malformed input: expected a JSON object, got \(value.typeName)")
        }
        if object["error"] != nil { return .error(try ErrorRecord(json: object)) }
        if object["status"] != nil { return .response(try ResponseRecord(json: object)) }
        if object[FreshRecord.key] != nil { return .fresh(try FreshRecord(json: object)) }
        if object["items"] != nil { return .document(object) }
        throw ToolError(.invalidData, "malformed input: not a response record, feed document or error record")
    }
}
