/// What lets a later request ask the server "changed?": the URL a feed was
/// fetched from and the validators of the 200 that brought it (`ETag`,
/// `Last-Modified`, exactly as the server spelled them). Stored with the
/// feed, in the same write; a feed made of pages, appended to, or given as
/// a bare document has none. A validator is data, never header syntax: one
/// that could not be sent back as it is (see `isStorable`) is dropped
/// wherever validators are made, from a server's response, a piped document
/// or the cache file, so that the next request is a plain GET.
///
/// With them travels how long the response may be taken as it is
/// (`HTTPFreshness`): on the pipe as the seconds it stated (`freshFor`), in
/// the cache as the instant those seconds end, counted from the save
/// (`freshUntil`, to the second). A response that stated only that is kept
/// for it alone: its next request is then a plain GET.
public struct FeedValidators: Equatable, Sendable {
    public var url: String
    public var etag: String?
    public var lastModified: String?
    /// Seconds still fresh, as the response said (feed-map to save).
    public var freshFor: Int64?
    /// Fresh until then (as stored): no request before it.
    public var freshUntil: Timestamp?
    /// The schema that mapped the feed (`feed-map --schema`); nil for the
    /// images schema, the default, and for every feed saved before a feed
    /// remembered its schema.
    public var schema: String?

    /// The longest validator kept, in bytes of UTF-8 (an ETag is a few dozen).
    public static let maximumLength = 1024

    public init?(url: String, etag: String?, lastModified: String?, freshFor: Int64? = nil, freshUntil: Timestamp? = nil) {
        let etag = etag.flatMap { Self.isStorable($0) ? $0 : nil }
        let lastModified = lastModified.flatMap { Self.isStorable($0) ? $0 : nil }
        guard etag != nil || lastModified != nil || freshFor != nil || freshUntil != nil else { return nil }
        self.url = url
        self.etag = etag
        self.lastModified = lastModified
        self.freshFor = freshFor
        self.freshUntil = freshUntil
    }

    /// At most `maximumLength` bytes, and no control byte (CR, LF, NUL, tab,
    /// DEL or any other below a space): what may go back into a request header.
    public static func isStorable(_ value: String) -> Bool {
        value.utf8.count <= maximumLength && HeaderValueBytes.areSendable(value.utf8)
    }

    /// Those of a response: nil unless it carried `ETag` or `Last-Modified`,
    /// or stated a freshness.
    public init?(of response: ResponseRecord) {
        self.init(url: response.url, etag: response.header("etag"), lastModified: response.header("last-modified"),
                  freshFor: HTTPFreshness.seconds(of: response))
    }

    /// As the cache keeps them when saved at `now`: the seconds stated
    /// turned into the instant they end (to the second, rounded down).
    public func stored(at now: Timestamp) -> FeedValidators {
        guard let freshFor else { return self }
        var stored = self
        stored.freshFor = nil
        stored.freshUntil = Timestamp(seconds: now.adding(seconds: freshFor).seconds)
        return stored
    }

    /// These, for a feed mapped with `schema` (nil for the images schema).
    public func mapped(as schema: FeedSchema) -> FeedValidators {
        var mapped = self
        mapped.schema = FeedValidators.schemaName(schema)
        return mapped
    }

    /// How a schema is remembered: nil for the images schema.
    public static func schemaName(_ schema: FeedSchema) -> String? {
        schema == .images ? nil : schema.rawValue
    }

    /// These, each replaced by the one of its kind that `newer` carries
    /// (a 304 may send only one of them); the schema stays.
    /// The freshness is the newer response's alone (none if it stated none).
    /// Nil when nothing is left.
    public func updated(by newer: FeedValidators?) -> FeedValidators? {
        var merged = FeedValidators(url: url, etag: newer?.etag ?? etag, lastModified: newer?.lastModified ?? lastModified,
                                    freshFor: newer?.freshFor, freshUntil: newer?.freshUntil)
        merged?.schema = schema
        return merged
    }

    /// The instant until which no request is needed: the stored freshness,
    /// but never past `expiry` (the cached feed's own end); nil when none.
    public func fresh(until expiry: Timestamp) -> Timestamp? {
        freshUntil.map { min($0, expiry) }
    }

    /// The request headers that ask whether the feed changed since.
    public var conditionalHeaders: [(name: String, value: String)] {
        (etag.map { [("If-None-Match", $0)] } ?? []) + (lastModified.map { [("If-Modified-Since", $0)] } ?? [])
    }
}

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
