import FeedCore

/// What the feed page shows of one item: the texts of its schema's fields
/// (FeedItemField) that it has, whichever schema wrote it, and the URL its
/// image is cached under.
public struct FeedPageItem: Equatable, Sendable {
    public var url: String
    public var description: String?
    public var location: String?
    /// The SpotAFire variant's author and likes.
    public var author: String?
    public var likes: String?

    public init(url: String, description: String? = nil, location: String? = nil, author: String? = nil, likes: String? = nil) {
        self.url = url
        self.description = description
        self.location = location
        self.author = author
        self.likes = likes
    }

    /// The item of a feed document, or nil if it has no `url` string (a
    /// feed the cache holds always has one).
    public init?(_ item: JSON) {
        self.init(FeedItemTexts(item))
    }

    /// The item whose shown texts are `texts`, or nil without a url.
    public init?(_ texts: FeedItemTexts) {
        guard let url = texts.url else { return nil }
        self.init(url: url, description: texts.description, location: texts.location, author: texts.author, likes: texts.likes)
    }

    /// Its texts, as an item of a feed document gives them.
    public var texts: FeedItemTexts {
        FeedItemTexts(url: url, description: description, location: location, author: author, likes: likes)
    }
}
