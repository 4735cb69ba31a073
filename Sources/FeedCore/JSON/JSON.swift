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

/// An object's members in order. A key read twice keeps its first place and
/// its last value, as a dictionary would.
public struct JSONObject: Equatable, Sendable {
    public private(set) var members: [(key: String, value: JSON)]

    public init(_ members: [(key: String, value: JSON)] = []) {
        self.members = []
        self.members.reserveCapacity(members.count)
        for member in members { self[member.key] = member.value }
    }

    /// Builds an object whose keys the caller knows to be distinct.
    init(distinct members: [(key: String, value: JSON)]) {
        self.members = members
    }

    public subscript(key: String) -> JSON? {
        get {
            for member in members where member.key.utf8.elementsEqual(key.utf8) { return member.value }
            return nil
        }
        set {
            if let index = members.firstIndex(where: { $0.key.utf8.elementsEqual(key.utf8) }) {
                if let newValue { members[index].value = newValue } else { members.remove(at: index) }
            } else if let newValue {
                members.append((key, newValue))
            }
        }
    }

    public var keys: [String] { members.map(\.key) }

    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        lhs.members.count == rhs.members.count
            && zip(lhs.members, rhs.members).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    }
}
