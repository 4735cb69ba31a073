extension FeedValidators {
    /// The key a feed document carries them under, beside `items`, from
    /// feed-map to `feed-cache save` (a reader of `.items` never sees it).
    public static let documentKey = "validators"

    /// `{"url":…,"etag":…,"last_modified":…,"schema":…}`, a validator absent
    /// where there is none, the schema only when it is not images.
    public var json: JSON {
        var members: [(key: String, value: JSON)] = [("url", .string(url))]
        if let etag { members.append(("etag", .string(etag))) }
        if let lastModified { members.append(("last_modified", .string(lastModified))) }
        if let schema { members.append(("schema", .string(schema))) }
        return .object(JSONObject(distinct: members))
    }

    /// Read back from `json`; nil for anything else (no validators, then:
    /// the next request is a plain GET).
    public init?(json value: JSON?) {
        guard case .object(let object)? = value, let url = object["url"]?.stringValue else { return nil }
        func text(_ key: String) -> String?? {
            switch object[key] {
            case nil: return .some(nil)
            case .string(let text)?: return .some(text)
            default: return nil
            }
        }
        guard object.members.allSatisfy({ ["url", "etag", "last_modified", "schema"].contains($0.key) }),
              let etag = text("etag"), let lastModified = text("last_modified"), let schema = text("schema") else { return nil }
        self.init(url: url, etag: etag, lastModified: lastModified)
        self.schema = schema
    }
}
