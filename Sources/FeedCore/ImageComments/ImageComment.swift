/// A comment on an image: the case study's `ImageComment`.
public struct ImageComment: Equatable, Sendable {
    public var id: String
    public var message: String
    /// Seconds since 1970-01-01T00:00:00Z, to the second (fractions dropped).
    public var createdAt: Int64
    public var username: String

    public init(id: String, message: String, createdAt: Int64, username: String) {
        self.id = id
        self.message = message
        self.createdAt = createdAt
        self.username = username
    }

    /// `{"id":…,"message":…,"created_at":"…Z","author":{"username":…}}`.
    public var json: JSON {
        .object(JSONObject(distinct: [
            ("id", .string(id)),
            ("message", .string(message)),
            ("created_at", .string(ISO8601.format(createdAt))),
            ("author", .object(JSONObject(distinct: [("username", .string(username))]))),
        ]))
    }
}
