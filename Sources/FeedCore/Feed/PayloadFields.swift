/// Reads the fields of one payload item the way the case study's Decodable
/// mappers do: unknown keys ignored, an optional key that is null counts as
/// absent, a key of the wrong type makes the item (and so the payload) invalid.
/// Failures name the field: `items[3].image: expected an absolute URL`.
public struct PayloadFields {
    public let object: JSONObject
    public let path: String

    public init(_ value: JSON, path: String) throws(ToolError) {
        guard case .object(let object) = value else {
            throw ToolError(.invalidData, "\(path): expected an object, got \(value.typeName)")
        }
        self.object = object
        self.path = path
    }

    public func invalid(_ key: String, _ why: String) -> ToolError {
        ToolError(.invalidData, "\(path).\(key): \(why)")
    }

    public func string(_ key: String) throws(ToolError) -> String {
        guard let value = object[key], value != .null else { throw invalid(key, "missing") }
        guard let string = value.stringValue else { throw invalid(key, "expected a string, got \(value.typeName)") }
        return string
    }

    public func uuid(_ key: String) throws(ToolError) -> String {
        let text = try string(key)
        guard let id = Identifiers.checkedUUID(text) else { throw invalid(key, "not a UUID") }
        return id
    }

    public func absoluteURL(_ key: String) throws(ToolError) -> String {
        try absoluteURL(key, base: nil)
    }

    /// An absolute URL, or a reference resolved against `base` (the URL the
    /// payload came from) to one (`URLReference`).
    public func absoluteURL(_ key: String, base: String?) throws(ToolError) -> String {
        let text = try string(key)
        guard let url = URLReference.absoluteURL(text, base: base) else {
            throw invalid(key, base == nil ? "not an absolute URL" : "not an absolute URL, nor a relative one")
        }
        return url
    }

    public func integer(_ key: String) throws(ToolError) -> Int {
        guard let value = object[key], value != .null else { throw invalid(key, "missing") }
        guard case .number = value else { throw invalid(key, "expected an integer, got \(value.typeName)") }
        guard let integer = value.intValue else { throw invalid(key, "not an integer in range") }
        return integer
    }

    /// The value of `field`, read from its payload key and checked for its
    /// kind, as the feed document writes it; nil for an absent optional field.
    /// A relative URL is resolved against `base`, the URL the payload came
    /// from, if there is one.
    public func value(of field: FeedItemField, base: String? = nil) throws(ToolError) -> JSON? {
        let key = field.payloadKey
        if !field.isRequired, object[key] == nil || object[key] == .null { return nil }
        switch field.kind {
        case .uuid: return .string(try uuid(key))
        case .string: return .string(try string(key))
        case .url: return .string(try absoluteURL(key, base: base))
        case .integer: return .number(String(try integer(key)))
        }
    }

    public func fields(_ key: String) throws(ToolError) -> PayloadFields {
        guard let value = object[key], value != .null else { throw invalid(key, "missing") }
        return try PayloadFields(value, path: "\(path).\(key)")
    }
}
