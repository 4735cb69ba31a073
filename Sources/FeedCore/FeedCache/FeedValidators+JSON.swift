extension FeedValidators {
    /// The key a feed document carries them under, beside `items`, from
    /// feed-map to `feed-cache save` (a reader of `.items` never sees it).
    public static let documentKey = "validators"

    /// `{"url":…,"etag":…,"last_modified":…,"fresh_for":…,"fresh_until":…,"schema":…}`,
    /// each absent where there is none: `fresh_for` (whole seconds) on the
    /// pipe, `fresh_until` (ISO 8601, UTC) in the cache; the schema only when
    /// it is not images.
    public var json: JSON {
        var members: [(key: String, value: JSON)] = [("url", .string(url))]
        if let etag { members.append(("etag", .string(etag))) }
        if let lastModified { members.append(("last_modified", .string(lastModified))) }
        if let freshFor { members.append(("fresh_for", .number(String(freshFor)))) }
        if let freshUntil { members.append(("fresh_until", .string(ISO8601.format(freshUntil.seconds)))) }
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
        guard object.members.allSatisfy({ ["url", "etag", "last_modified", "fresh_for", "fresh_until", "schema"].contains($0.key) }),
              let etag = text("etag"), let lastModified = text("last_modified"), let schema = text("schema") else { return nil }
        var freshFor: Int64?
        if let value = object["fresh_for"] {
            guard let seconds = value.intValue.map(Int64.init), (1...HTTPFreshness.longest).contains(seconds) else { return nil }
            freshFor = seconds
        }
        var freshUntil: Timestamp?
        if let value = object["fresh_until"] {
            guard let text = value.stringValue, let seconds = ISO8601.parse(text) else { return nil }
            freshUntil = Timestamp(seconds: seconds)
        }
        self.init(url: url, etag: etag, lastModified: lastModified, freshFor: freshFor, freshUntil: freshUntil)
        self.schema = schema
    }
}
