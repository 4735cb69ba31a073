/// A feed checked for the cache: every item an object with an `id` (a UUID)
/// and a `url` (an absolute URL), kept exactly as given, whatever other keys
/// it has; no id twice (compared as UUIDs, in any case: the first item with
/// an id stays, a later one is dropped).
public struct LocalFeed: Equatable, Sendable {
    public let items: [LocalFeedItem]

    /// Checks a feed document: one invalid item makes all of it `invalid-data`.
    /// Messages name it `what` ("feed document 2").
    public init(validating object: JSONObject, what: String = "feed document") throws(ToolError) {
        try self.init(validatingItems: try PayloadItems.items(in: object, what: what), what: what)
    }

    /// Checks a feed document's items, as `init(validating:what:)` does.
    public init(validatingItems values: [JSON], what: String = "feed document") throws(ToolError) {
        var items: [LocalFeedItem] = []
        for (offset, value) in values.enumerated() {
            do throws(ToolError) {
                items.append(try LocalFeedItem(validating: value, offset: offset))
            } catch {
                throw ToolError(.invalidData, "invalid \(what): \(error.message)")
            }
        }
        self.init(keepingFirstOf: items)
    }

    /// One feed of several pages (as `feed-fetch --paginate | feed-map` writes
    /// them, or the cached feed and the next page): their items in order,
    /// an id seen on an earlier page dropped.
    public init(pages: [LocalFeed]) {
        self.init(keepingFirstOf: pages.flatMap(\.items))
    }

    public static let empty = LocalFeed(keepingFirstOf: [])

    private init(keepingFirstOf items: [LocalFeedItem]) {
        var seen = Set<String>()
        self.items = items.filter { seen.insert($0.uuid).inserted }
    }

    /// The feed document to store: the items as given.
    public var document: FeedDocument { FeedDocument(items: items.map(\.json)) }

    /// The URLs whose image data the cache keeps with this feed.
    public var imageURLs: Set<String> { Set(items.map(\.url)) }
}
