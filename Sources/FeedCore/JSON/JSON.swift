/// A JSON value as read from the pipe. Objects keep their keys in the order they
/// were read, and numbers keep their exact text, so a value written back out is
/// the value that came in.
public enum JSON: Equatable, Sendable {
    case null
    case bool(Bool)
    /// The number's text as it appeared (already checked against the JSON grammar).
    case number(String)
    case string(String)
    case array([JSON])
    case object(JSONObject)

    public subscript(key: String) -> JSON? {
        if case .object(let object) = self { return object[key] }
        return nil
    }

    public var objectValue: JSONObject? {
        if case .object(let object) = self { return object }
        return nil
    }

    public var stringValue: String? {
        if case .string(let string) = self { return string }
        return nil
    }

    public var arrayValue: [JSON]? {
        if case .array(let array) = self { return array }
        return nil
    }

    /// The value as an `Int`, when it is a number written as an integer in range.
    public var intValue: Int? {
        if case .number(let text) = self { return Int(text) }
        return nil
    }

    /// A name for the value's type, for messages ("expected a string, got a number").
    public var typeName: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}
