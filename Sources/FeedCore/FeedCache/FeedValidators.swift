/// What lets a later request ask the server "changed?": the URL a feed was
/// fetched from and the validators of the 200 that brought it (`ETag`,
/// `Last-Modified`, exactly as the server spelled them). Stored with the
/// feed, in the same write; a feed made of pages, appended to, or given as
/// a bare document has none.
public struct FeedValidators: Equatable, Sendable {
    public var url: String
    public var etag: String?
    public var lastModified: String?
    /// The schema that mapped the feed (`feed-map --schema`); nil for the
    /// images schema, the default, and for every feed saved before a feed
    /// remembered its schema.
    public var schema: String?

    public init?(url: String, etag: String?, lastModified: String?) {
        guard etag != nil || lastModified != nil else { return nil }
        self.url = url
        self.etag = etag
        self.lastModified = lastModified
    }

    /// Those of a response: nil unless it carried `ETag` or `Last-Modified`.
    public init?(of response: ResponseRecord) {
        self.init(url: response.url, etag: response.header("etag"), lastModified: response.header("last-modified"))
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
    public func updated(by newer: FeedValidators) -> FeedValidators {
        var merged = self
        merged.etag = newer.etag ?? etag
        merged.lastModified = newer.lastModified ?? lastModified
        return merged
    }

    /// The request headers that ask whether the feed changed since.
    public var conditionalHeaders: [(name: String, value: String)] {
        (etag.map { [("If-None-Match", $0)] } ?? []) + (lastModified.map { [("If-Modified-Since", $0)] } ?? [])
    }
}
