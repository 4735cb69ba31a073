/// Validates a feed response and creates the feed: the case study's
/// `FeedItemsMapper`. Status exactly 200; a JSON object with an `items` array;
/// every item valid for the schema's fields, or the whole payload is `invalid-data`.
public enum FeedItemsMapper {
    public static let acceptedStatus = 200

    /// Relative image URLs are resolved against `base`, the URL asked for
    /// (none: each must be absolute).
    public static func map(status: Int, body: [UInt8], schema: FeedSchema = .images, base: String? = nil) throws(ToolError) -> FeedDocument {
        guard status == acceptedStatus else {
            throw ToolError(.invalidData, "status \(status), expected \(acceptedStatus)")
        }
        return try map(items: PayloadItems.items(inBody: body, what: "feed"), schema: schema, base: base)
    }

    /// A response record's feed, carrying the response's validators (for
    /// `feed-cache save` to keep, and `feed-fetch --if-changed` to ask with);
    /// a relative image URL is resolved against the record's `url`.
    public static func map(_ response: ResponseRecord, schema: FeedSchema = .images) throws(ToolError) -> FeedDocument {
        var document = try map(status: response.status, body: response.body, schema: schema, base: response.url)
        document.validators = FeedValidators(of: response)?.mapped(as: schema)
        return document
    }

    /// A bare payload document, taken as a 200 response.
    public static func map(payload: JSONObject, schema: FeedSchema = .images) throws(ToolError) -> FeedDocument {
        try map(items: PayloadItems.items(in: payload, what: "feed"), schema: schema)
    }

    static func map(items: [JSON], schema: FeedSchema, base: String? = nil) throws(ToolError) -> FeedDocument {
        let fields = schema.fields
        return FeedDocument(items: try PayloadItems.map(items, what: "feed") { (item) throws(ToolError) in
            var members: [(key: String, value: JSON)] = []
            members.reserveCapacity(fields.count)
            for field in fields {
                if let value = try item.value(of: field, base: base) { members.append((field.name, value)) }
            }
            return .object(JSONObject(distinct: members))
        })
    }
}
