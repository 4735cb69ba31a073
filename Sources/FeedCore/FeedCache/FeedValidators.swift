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
