/// A feed item's fields that the text list, the page and the tsv lines show, whichever
/// schema wrote it (`FeedItemField.all`): each kept as `Text` (a String, the
/// bytes where it stands, where it stands in a document), nil where the item
/// has none. Held in place in a slot per field, no array: the fast readers
/// make one an item.
public struct ShownTexts<Text> {
    public typealias Shown = ShownField

    /// The most fields it holds (`FeedItemFieldTableTests` holds the table to it).
    public static var capacity: Int { 8 }

    @usableFromInline var slots: (Text?, Text?, Text?, Text?, Text?, Text?, Text?, Text?)

    @inlinable public init() {
        slots = (nil, nil, nil, nil, nil, nil, nil, nil)
    }

    @inlinable init(slots: (Text?, Text?, Text?, Text?, Text?, Text?, Text?, Text?)) {
        self.slots = slots
    }

    /// A field's text; one past `capacity` has none, and keeps none.
    @inlinable public subscript(shown: ShownField) -> Text? {
        get {
            switch shown.index {
            case 0: return slots.0
            case 1: return slots.1
            case 2: return slots.2
            case 3: return slots.3
            case 4: return slots.4
            case 5: return slots.5
            case 6: return slots.6
            case 7: return slots.7
            default: return nil
            }
        }
        set {
            switch shown.index {
            case 0: slots.0 = newValue
            case 1: slots.1 = newValue
            case 2: slots.2 = newValue
            case 3: slots.3 = newValue
            case 4: slots.4 = newValue
            case 5: slots.5 = newValue
            case 6: slots.6 = newValue
            case 7: slots.7 = newValue
            default: break
            }
        }
    }

    /// The image's URL, which the page fetches the image by.
    @inlinable public var url: Text? {
        get { self[.url] }
        set { self[.url] = newValue }
    }

    /// The same fields, each changed by `transform` (inlinable: the fast
    /// readers call it for every item).
    @inlinable public func map<Other>(_ transform: (Text) throws -> Other) rethrows -> ShownTexts<Other> {
        ShownTexts<Other>(slots: (try slots.0.map(transform), try slots.1.map(transform), try slots.2.map(transform),
                                  try slots.3.map(transform), try slots.4.map(transform), try slots.5.map(transform),
                                  try slots.6.map(transform), try slots.7.map(transform)))
    }
}

extension ShownTexts: Equatable where Text: Equatable {
    @inlinable public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.slots.0 == rhs.slots.0 && lhs.slots.1 == rhs.slots.1 && lhs.slots.2 == rhs.slots.2 && lhs.slots.3 == rhs.slots.3
            && lhs.slots.4 == rhs.slots.4 && lhs.slots.5 == rhs.slots.5 && lhs.slots.6 == rhs.slots.6 && lhs.slots.7 == rhs.slots.7
    }
}

extension ShownTexts: Sendable where Text: Sendable {}

/// A shown field: where it stands in `FeedItemField.all`.
public struct ShownField: Hashable, CaseIterable, Sendable {
    public let index: Int
    /// Whether its value is a number (kept as written), else a string: kept
    /// here, as the fast readers ask it of every key.
    public let isNumber: Bool

    /// The shown field that is `field`, found by its name.
    public init(_ field: FeedItemField) {
        guard let index = FeedItemField.all.firstIndex(where: { $0.name == field.name }) else {
            preconditionFailure("\(field.name) is not in FeedItemField.all")
        }
        self.init(index: index)
    }

    private init(index: Int) {
        self.index = index
        self.isNumber = FeedItemField.all[index].kind == .integer
    }

    public static let allCases: [ShownField] = FeedItemField.all.indices.map(ShownField.init(index:))

    public static let url = ShownField(.url)

    public var field: FeedItemField { FeedItemField.all[index] }
}
