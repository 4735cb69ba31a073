/// A feed document checked for the cache: every item an object with an `id`
/// (a UUID) and a `url` (an absolute URL). Items are kept exactly as given,
/// whatever other keys they have.
public struct LocalFeed: Equatable, Sendable {
    public let document: FeedDocument
    public let imageURLs: Set<String>

    public init(validating object: JSONObject) throws(ToolError) {
        let items = try PayloadItems.items(in: object, what: "feed document")
        var urls = Set<String>()
        for (offset, item) in items.enumerated() {
            do throws(ToolError) {
                let fields = try PayloadFields(item, path: "items[\(offset)]")
                // The document's own keys: what feed-map wrote is what the cache reads.
                let id = FeedItemField.id.name, url = FeedItemField.url.name
                guard Identifiers.canonicalUUID(try fields.string(id)) != nil else { throw fields.invalid(id, "not a UUID") }
                urls.insert(try fields.absoluteURL(url))
            } catch {
                throw ToolError(.invalidData, "invalid feed document: \(error.message)")
            }
        }
        document = FeedDocument(items: items)
        imageURLs = urls
    }
}
