/// What `--paginate` needs to know of one page's body: whether it is a feed
/// payload (a JSON object with an `items` array), how many items it holds,
/// and its last item's `id` exactly as the server wrote it (unescaped, not
/// upper-cased or otherwise canonicalised), so that the next page is asked
/// for after the very id the server knows. Validating the items is the
/// mapper's job: an item here is counted, whatever it holds.
public struct FeedPage: Equatable, Sendable {
    /// How many items the page's `items` array holds.
    public var itemCount: Int
    /// The last item's `id`: nil if there is no item, or if the last one is
    /// not an object whose `id` is a non-empty string (there is then nothing
    /// to ask for the next page after).
    public var lastID: String?

    public init(itemCount: Int, lastID: String?) {
        self.itemCount = itemCount
        self.lastID = lastID
    }

    /// Reads a page's body; nil when it is not a payload (not JSON, not an
    /// object, no `items` array), which ends the pages.
    public init?(body: [UInt8]) {
        guard let value = try? JSONReader.parseSingle(body),
              case .array(let items)? = value.objectValue?["items"] else { return nil }
        itemCount = items.count
        lastID = items.last?["id"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 }
    }
}
