/// What people are shown of a feed item, whichever schema wrote it: the texts
/// of the fields the text list and the page show, each nil where the item has
/// no such key or its value is not of the field's kind (a string; the likes a
/// number, kept as written). Read from a parsed item here; the cached
/// document's fast reading (`ItemTextsScan`) fills the same slots from the
/// same table, `shown`, and is tested against this reading.
public struct FeedItemTexts: Equatable, Sendable {
    public var url: String?
    public var description: String?
    public var location: String?
    public var author: String?
    public var likes: String?

    public init(url: String? = nil, description: String? = nil, location: String? = nil, author: String? = nil, likes: String? = nil) {
        (self.url, self.description, self.location, self.author, self.likes) = (url, description, location, author, likes)
    }

    /// A shown field: its key, and whether its value is a number.
    public enum Shown: Int, CaseIterable, Sendable {
        case url, description, location, author, likes

        public var field: FeedItemField {
            switch self {
            case .url: return .url
            case .description: return .description
            case .location: return .location
            case .author: return .author
            case .likes: return .likes
            }
        }

        public var isNumber: Bool { self == .likes }
    }

    public subscript(shown: Shown) -> String? {
        get {
            switch shown {
            case .url: return url
            case .description: return description
            case .location: return location
            case .author: return author
            case .likes: return likes
            }
        }
        set {
            switch shown {
            case .url: url = newValue
            case .description: description = newValue
            case .location: location = newValue
            case .author: author = newValue
            case .likes: likes = newValue
            }
        }
    }

    /// The texts of a parsed item (any JSON value; a non-object has none).
    public init(_ item: JSON) {
        for shown in Shown.allCases {
            switch item[shown.field.name] {
            case .string(let text)? where !shown.isNumber: self[shown] = text
            case .number(let text)? where shown.isNumber: self[shown] = text
            default: break
            }
        }
    }
}
