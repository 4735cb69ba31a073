/// One item of a feed checked for the cache: kept exactly as given, with the
/// two keys the cache needs read out of it: its `id` (a UUID) and its `url`
/// (an absolute URL, whose image data the cache keeps with the feed).
public struct LocalFeedItem: Equatable, Sendable {
    /// The item as given, every key and value.
    public let json: JSON
    /// The id in upper case: what tells two items apart, whatever case each
    /// was written in (UUIDs are read in any case).
    public let uuid: String
    public let url: String

    /// Checks `value`, item `offset` of its document.
    public init(validating value: JSON, offset: Int) throws(ToolError) {
        let fields = try PayloadFields(value, path: "items[\(offset)]")
        // The document's own keys: what feed-map wrote is what the cache reads.
        let id = try fields.uuid(FeedItemField.id.name)
        uuid = Identifiers.uuidKey(id) ?? id
        url = try fields.absoluteURL(FeedItemField.url.name)
        json = value
    }
}
