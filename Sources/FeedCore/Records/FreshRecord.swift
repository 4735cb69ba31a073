/// `{"url":"…","fresh_until":"…"}`: what `feed-fetch --if-changed` writes
/// instead of asking, when the cached feed saved from `url` is still fresh
/// (the server said how long it would stay so). feed-map passes it on as it
/// is; `feed-cache save` stores nothing, notes the run as a success in the
/// refresh's history and writes the cached feed as after a 304.
public struct FreshRecord: Equatable, Sendable {
    public var url: String
    /// No request is needed before then (to the second).
    public var freshUntil: Timestamp

    public static let key = "fresh_until"

    public init(url: String, freshUntil: Timestamp) {
        self.url = url
        self.freshUntil = Timestamp(seconds: freshUntil.seconds)
    }

    public var json: JSON {
        .object(JSONObject(distinct: [("url", .string(url)), (Self.key, .string(ISO8601.format(freshUntil.seconds)))]))
    }

    /// Reads one; the caller has seen a "fresh_until" key.
    public init(json object: JSONObject) throws(ToolError) {
        guard let url = object["url"]?.stringValue, let text = object[Self.key]?.stringValue, let seconds = ISO8601.parse(text),
              object.members.allSatisfy({ ["url", Self.key].contains($0.key) }) else {
            throw ToolError(.invalidData, "malformed fresh record: it must be {\"url\":…,\"fresh_until\":…} and nothing else")
        }
        self.init(url: url, freshUntil: Timestamp(seconds: seconds))
    }
}
