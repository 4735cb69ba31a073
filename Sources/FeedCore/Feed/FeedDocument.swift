/// `{"items":[…]}`: what feed-map writes and feed-cache stores.
public struct FeedDocument: Equatable, Sendable {
    public var items: [JSON]

    public init(items: [JSON]) {
        self.items = items
    }

    public var json: JSON {
        .object(JSONObject(distinct: [("items", .array(items))]))
    }
}
