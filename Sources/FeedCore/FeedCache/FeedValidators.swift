/// What lets a later request ask the server "changed?": the URL a feed was
/// fetched from and the validators of the 200 that brought it (`ETag`,
/// `Last-Modified`, exactly as the server spelled them). Stored with the
/// feed, in the same write; a feed made of pages, appended to, or given as
/// a bare document has none. A validator is data, never header syntax: one
/// that could not be sent back as it is (see `isStorable`) is dropped
/// wherever validators are made, from a server's response, a piped document
/// or the cache file, so that the next request is a plain GET.
public struct FeedValidators: Equatable, Sendable {
    public var url: String
    public var etag: String?
    public var lastModified: String?

    /// The longest validator kept, in bytes of UTF-8 (an ETag is a few dozen).
    public static let maximumLength = 1024

    public init?(url: String, etag: String?, lastModified: String?) {
        let etag = etag.flatMap { Self.isStorable($0) ? $0 : nil }
        let lastModified = lastModified.flatMap { Self.isStorable($0) ? $0 : nil }
        guard etag != nil || lastModified != nil else { return nil }
        self.url = url
        self.etag = etag
        self.lastModified = lastModified
    }

    /// At most `maximumLength` bytes, and no control byte (CR, LF, NUL, tab,
    /// DEL or any other below a space): what may go back into a request header.
    public static func isStorable(_ value: String) -> Bool {
        value.utf8.count <= maximumLength && HeaderValueBytes.areSendable(value.utf8)
    }

    /// Those of a response: nil unless it carried `ETag` or `Last-Modified`.
    public init?(of response: ResponseRecord) {
        self.init(url: response.url, etag: response.header("etag"), lastModified: response.header("last-modified"))
    }

    /// These, each replaced by the one of its kind that `newer` carries
    /// (a 304 may send only one of them).
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
