/// Validates a comments response and creates the comments: the case study's
/// `ImageCommentsMapper`. Any 2xx status; every item valid, or the whole
/// payload is `invalid-data`.
public enum ImageCommentsMapper {
    public static let acceptedStatuses = 200...299

    public static func map(status: Int, body: [UInt8]) throws(ToolError) -> [ImageComment] {
        guard acceptedStatuses.contains(status) else {
            throw ToolError(.invalidData, "status \(status), expected 2xx")
        }
        return try map(items: PayloadItems.items(inBody: body, what: "comments"))
    }

    /// A bare payload document, taken as a 200 response.
    public static func map(payload: JSONObject) throws(ToolError) -> [ImageComment] {
        try map(items: PayloadItems.items(in: payload, what: "comments"))
    }

    static func map(items: [JSON]) throws(ToolError) -> [ImageComment] {
        try PayloadItems.map(items, what: "comments") { (item) throws(ToolError) in
            let text = try item.string("created_at")
            guard let createdAt = ISO8601.parse(text) else {
                throw item.invalid("created_at", "not an ISO 8601 date-time")
            }
            return ImageComment(
                id: try item.uuid("id"),
                message: try item.string("message"),
                createdAt: createdAt,
                username: try item.fields("author").string("username")
            )
        }
    }

    public static func document(_ comments: [ImageComment]) -> JSON {
        .object(JSONObject(distinct: [("items", .array(comments.map(\.json)))]))
    }
}
