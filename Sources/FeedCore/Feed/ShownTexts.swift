/// A feed item's fields that the text list, the page and the tsv lines show, whichever
/// schema wrote it: each kept as `Text` (a String, the bytes where it
/// stands, where it stands in a document), nil where the item has none.
public struct ShownTexts<Text> {
    public typealias Shown = ShownField

    public var id: Text?
    public var url: Text?
    public var description: Text?
    public var location: Text?
    public var author: Text?
    /// The likes count, as written.
    public var likes: Text?

    @inlinable public init(id: Text? = nil, url: Text? = nil, description: Text? = nil, location: Text? = nil, author: Text? = nil, likes: Text? = nil) {
        (self.id, self.url, self.description, self.location, self.author, self.likes) = (id, url, description, location, author, likes)
    }

    @inlinable public subscript(shown: ShownField) -> Text? {
        get {
            switch shown {
            case .id: return id
            case .url: return url
            case .description: return description
            case .location: return location
            case .author: return author
            case .likes: return likes
            }
        }
        set {
            switch shown {
            case .id: id = newValue
            case .url: url = newValue
            case .description: description = newValue
            case .location: location = newValue
            case .author: author = newValue
            case .likes: likes = newValue
            }
        }
    }

    /// The same fields, each changed by `transform` (inlinable: the fast
    /// readers call it for every item).
    @inlinable public func map<Other>(_ transform: (Text) throws -> Other) rethrows -> ShownTexts<Other> {
        ShownTexts<Other>(id: try id.map(transform), url: try url.map(transform), description: try description.map(transform),
                          location: try location.map(transform), author: try author.map(transform), likes: try likes.map(transform))
    }
}

extension ShownTexts: Equatable where Text: Equatable {}
extension ShownTexts: Sendable where Text: Sendable {}

/// A shown field: its key, and whether its value is a number.
public enum ShownField: Int, CaseIterable, Sendable {
    case id, url, description, location, author, likes

    public var field: FeedItemField {
        switch self {
        case .id: return .id
        case .url: return .url
        case .description: return .description
        case .location: return .location
        case .author: return .author
        case .likes: return .likes
        }
    }

    public var isNumber: Bool { self == .likes }
}
