import FeedCore

/// What stands in an item's place at the top of its figure: its cached image,
/// embedded with the type sniffed from the bytes, or a placeholder box that
/// shows the image's URL as text and says why there is no image.
public enum FeedPageImage: Equatable, Sendable {
    case embedded(ImageMediaType, [UInt8])
    case placeholder(Placeholder)

    public enum Placeholder: String, Sendable {
        case notCached = "not cached"
        /// Data is cached, but it is not a PNG, JPEG, GIF or WebP.
        case notAnImage = "not an image"
        /// The cached data cannot be read (a damaged image file).
        case unreadable = "cannot be read"
    }

    /// The page's image for what the cache gave: data (nil when none is cached).
    public init(cached data: [UInt8]?) {
        guard let data else {
            self = .placeholder(.notCached)
            return
        }
        guard let type = ImageMediaType(sniffing: data) else {
            self = .placeholder(.notAnImage)
            return
        }
        self = .embedded(type, data)
    }
}
