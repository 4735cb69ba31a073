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
        func text(_ field: FeedItemField) -> String? { item[field.name]?.stringValue }
        guard let url = text(.url) else { return nil }
        var likes: String?
        if case .number(let count)? = item[FeedItemField.likes.name] { likes = count }
        self.init(url: url, description: text(.description), location: text(.location), author: text(.author), likes: likes)
    }

    /// The image's text alternative: what the item says of it, else nothing
    /// (an empty `alt`: the caption beside it says all there is).
    public var altText: String { description ?? location ?? author ?? "" }

    /// The caption's lines, in the order the page shows them, each with its
    /// class: the author, the description, the location, the likes.
    public var captionLines: [(name: String, text: String)] {
        var lines: [(name: String, text: String)] = []
        if let author { lines.append(("author", author)) }
        if let description { lines.append(("description", description)) }
        if let location { lines.append(("location", location)) }
        if let likes { lines.append(("likes", likes == "1" ? "1 like" : "\(likes) likes")) }
        return lines
    }
}
