/// Which item model a feed payload carries, and its fields in the order the
/// feed document writes them.
public enum FeedSchema: String, CaseIterable, Sendable {
    /// The Essential Feed image feed: id, description?, location?, image.
    case images
    /// The SpotAFire variant: id, author, description?, likes, image.
    case spots

    public var fields: [FeedItemField] {
        switch self {
        case .images: return FeedSchema.imageFields
        case .spots: return FeedSchema.spotFields
        }
    }

    private static let imageFields: [FeedItemField] = [.id, .description, .location, .url]
    private static let spotFields: [FeedItemField] = [.id, .author, .description, .likes, .url]

    /// The fields of an item's `--format tsv` line, in the order of their
    /// columns (`FeedItemField.tsv`): the images schema's and this schema's
    /// that have one.
    public var lineFields: [FeedItemField] {
        var fields: [(column: Int, field: FeedItemField)] = []
        for field in FeedSchema.images.fields + self.fields where !fields.contains(where: { $0.field.name == field.name }) {
            if case .column(let column) = field.tsv { fields.append((column, field)) }
        }
        return fields.sorted { $0.column < $1.column }.map(\.field)
    }

    /// The fields this schema has and images has not: an item with one of
    /// them is this schema's.
    var ownFields: [FeedItemField] {
        fields.filter { field in !FeedSchema.images.fields.contains { $0.name == field.name } }
    }
}
