/// Which item model a feed payload carries.
public enum FeedSchema: String, CaseIterable, Sendable {
    /// The Essential Feed image feed: id, description?, location?, image.
    case images
    /// The SpotAFire variant: id, author, description?, likes, image.
    case spots
}

/// Validates a feed response and creates the feed: the case study's
/// `FeedItemsMapper`. Status exactly 200; a JSON object with an `items` array;
/// every item valid, or the whole payload is `invalid-data`.
public enum FeedItemsMapper {
    public static let acceptedStatus = 200

    public static func map(status: Int, body: [UInt8], schema: FeedSchema = .images) throws(ToolError) -> FeedDocument {
        guard status == acceptedStatus else {
            throw ToolError(.invalidData, "status \(status), expected \(acceptedStatus)")
        }
        return try map(items: PayloadItems.items(inBody: body, what: "feed"), schema: schema)
    }

    /// A bare payload document, taken as a 200 response.
    public static func map(payload: JSONObject, schema: FeedSchema = .images) throws(ToolError) -> FeedDocument {
        try map(items: PayloadItems.items(in: payload, what: "feed"), schema: schema)
    }

    static func map(items: [JSON], schema: FeedSchema) throws(ToolError) -> FeedDocument {
        switch schema {
        case .images:
            return FeedDocument(items: try PayloadItems.map(items, what: "feed") { (item) throws(ToolError) in
                FeedImage(
                    id: try item.uuid("id"),
                    description: try item.optionalString("description"),
                    location: try item.optionalString("location"),
                    url: try item.absoluteURL("image")
                ).json
            })
        case .spots:
            return FeedDocument(items: try PayloadItems.map(items, what: "feed") { (item) throws(ToolError) in
                FeedSpot(
                    id: try item.uuid("id"),
                    author: try item.string("author"),
                    description: try item.optionalString("description"),
                    likes: try item.integer("likes"),
                    url: try item.absoluteURL("image")
                ).json
            })
        }
    }
}
