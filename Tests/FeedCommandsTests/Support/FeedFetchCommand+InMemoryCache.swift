import FeedCommands
import FeedCore
import FeedTestSupport

extension FeedFetchCommand {
    /// feed-fetch over `client`, its `--if-changed` reading `cache` (an
    /// empty one unless a test gives one).
    init(cache: InMemoryFeedStore = InMemoryFeedStore(), client makeClient: @escaping ClientFactory) {
        self.init(client: makeClient, store: { _ in cache })
    }
}
