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
}
