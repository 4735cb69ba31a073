import FeedCore
import FeedPresentation
import FeedTestSupport

/// The tests' way to spell a page's item field by field.
extension FeedPageItem {
    init(url: String, description: String? = nil, location: String? = nil, author: String? = nil, likes: String? = nil) {
        // A url makes an item.
        self.init(FeedItemTexts(url: url, description: description, location: location, author: author, likes: likes))!
    }
}
