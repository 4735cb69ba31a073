/// `--paginate`'s rules, after the case study's FeedEndpoint
/// (`GET {base}/v1/feed?limit=N&after_id=ID`): after each page, whether there
/// is another, and its URL. There is one after a page that is status 200
/// with a payload whose `items` hold exactly `limit` items (the URL's `limit`;
/// without one, any number but none), and whose last item's id is new: then
/// the next URL is the first one with `after_id` set to that id as the
/// server wrote it. So the pages end after a page that is not such a
/// response, a shorter (or empty) page, a last id seen before, a last item
/// without an id, or `maxPages` pages.
public struct Pagination: Sendable {
    /// Pages fetched at most when `--max-pages` is not given.
    public static let defaultMaxPages = 100
    /// What `--max-pages` accepts.
    public static let maxPagesRange = 1...10_000

    private let url: PaginatedURL
    private let maxPages: Int
    /// Compared byte for byte: an id is repeated only if written the same way.
    private var seenIDs: Set<ExactKey> = []
    /// The pages handed to `nextURL(after:)` so far.
    public private(set) var pageCount = 0

    public init(firstURL: String, maxPages: Int = Pagination.defaultMaxPages) {
        url = PaginatedURL(firstURL)
        self.maxPages = maxPages
    }

    /// Counts `page`, the response to the URL fetched last; the URL of the
    /// page after it, or nil if the pages end with this one.
    public mutating func nextURL(after page: ResponseRecord) -> String? {
        pageCount += 1
        guard page.status == 200, let payload = FeedPage(body: page.body) else { return nil }
        if let limit = url.limit {
            guard payload.itemCount == limit else { return nil }
        } else {
            guard payload.itemCount > 0 else { return nil }
        }
        guard let id = payload.lastID, seenIDs.insert(ExactKey(id)).inserted else { return nil }
        guard pageCount < maxPages else {
            stoppedAtMaxPages = true
            return nil
        }
        return url.after(id)
    }

    /// Whether the pages ended only because `maxPages` were fetched, the last
    /// of them one that another page would follow: more may exist.
    public private(set) var stoppedAtMaxPages = false
}
