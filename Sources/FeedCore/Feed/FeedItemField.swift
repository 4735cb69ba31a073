/// One field of a feed item, defined once: its key in the feed document,
/// its key in the API's payload, whether it must be there, and its type.
/// The reference mapper, the fast path's writer, the cache's checks and the
/// text view all read these.
public struct FeedItemField: Sendable {
    public enum Kind: Sendable {
        /// A UUID in any case, written in upper case.
        case uuid
        case string
        /// An absolute URL (`scheme://host…`).
        case url
        /// A whole number.
        case integer
    }

    /// The key in the feed document that feed-map writes and feed-cache keeps.
    public let name: String
    /// The key in the API's payload it is read from.
    public let payloadKey: String
    public let isRequired: Bool
    public let kind: Kind

    init(_ name: String, from payloadKey: String? = nil, _ kind: Kind, required: Bool = true) {
        self.name = name
        self.payloadKey = payloadKey ?? name
        self.isRequired = required
        self.kind = kind
    }

    public static let id = FeedItemField("id", .uuid)
    public static let description = FeedItemField("description", .string, required: false)
    public static let location = FeedItemField("location", .string, required: false)
    public static let author = FeedItemField("author", .string)
    public static let likes = FeedItemField("likes", .integer)
    public static let url = FeedItemField("url", from: "image", .url)
}
