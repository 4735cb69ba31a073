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
            for member in members where member.key.hasSameUTF8(as: key) { return member.value }
            return nil
        }
        set {
            if let index = members.firstIndex(where: { $0.key.hasSameUTF8(as: key) }) {
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
