import FeedCore

/// What the feed page shows of one item: the texts of the fields that the
/// page shows (`FeedItemField.page`) that it has, whichever schema wrote it,
/// and the URL its image is cached under.
public struct FeedPageItem: Equatable, Sendable {
    /// Its texts, as an item of a feed document gives them: only those the
    /// page shows.
    public let texts: FeedItemTexts

    /// The image's URL, among the texts too.
    public let url: String

    /// The item of a feed document, or nil if it has no `url` string (a
    /// feed the cache holds always has one).
    public init?(_ item: JSON) {
        self.init(FeedItemTexts(item))
    }

    /// The item whose shown texts are `texts`, or nil without a url.
    public init?(_ texts: FeedItemTexts) {
        guard let url = texts.url else { return nil }
        var pageTexts = FeedItemTexts()
        for shown in ShownField.allCases {
            if case .notShown = shown.field.page { continue }
            pageTexts[shown] = texts[shown]
        }
        (self.url, self.texts) = (url, pageTexts)
    }
}
