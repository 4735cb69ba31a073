/// A feed item's fields that the text list, the page and the tsv lines show, whichever
/// schema wrote it (`FeedItemField.all`): each kept as `Text` (a String, the
/// bytes where it stands, where it stands in a document), nil where the item
/// has none. Held in place, no array: the fast readers make one an item.
public struct ShownTexts<Text> {
    public typealias Shown = ShownField

    /// The most fields it holds (`FeedItemFieldTableTests` holds the table to it).
    public static var capacity: Int { ShownTexts().slots.count }

    @usableFromInline var slots: InlineArray<8, Text?>

    @inlinable public init() {
        slots = InlineArray(repeating: nil)
    }

    @inlinable public subscript(shown: ShownField) -> Text? {
        get { slots[shown.index] }
        set { slots[shown.index] = newValue }
    }

    /// The image's URL, which the page fetches the image by.
    @inlinable public var url: Text? {
        get { self[.url] }
        set { self[.url] = newValue }
    }

    /// The same fields, each changed by `transform` (inlinable: the fast
    /// readers call it for every item).
    @inlinable public func map<Other>(_ transform: (Text) throws -> Other) rethrows -> ShownTexts<Other> {
        var mapped = ShownTexts<Other>()
        for index in slots.indices {
            if let text = slots[index] { mapped.slots[index] = try transform(text) }
        }
        return mapped
    }
}

extension ShownTexts: Equatable where Text: Equatable {
    @inlinable public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.slots.indices.allSatisfy { lhs.slots[$0] == rhs.slots[$0] }
    }
}

extension ShownTexts: Sendable where Text: Sendable {}

/// A shown field: where it stands in `FeedItemField.all`.
public struct ShownField: Hashable, CaseIterable, Sendable {
    public let index: Int

    /// The shown field that is `field`, found by its name.
    public init(_ field: FeedItemField) {
        guard let index = FeedItemField.all.firstIndex(where: { $0.name == field.name }) else {
            preconditionFailure("\(field.name) is not in FeedItemField.all")
        }
        self.index = index
    }

    private init(index: Int) {
        self.index = index
    }

    public static let allCases: [ShownField] = FeedItemField.all.indices.map(ShownField.init(index:))

    public static let url = ShownField(.url)

    public var field: FeedItemField { FeedItemField.all[index] }

    /// Whether its value is a number (kept as written), else a string.
    public var isNumber: Bool { field.kind == .integer }
}
