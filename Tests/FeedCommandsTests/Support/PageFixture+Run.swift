import FeedCore
import FeedCommands
import FeedTestSupport

extension PageFixture {
    /// The in-memory store holding a feed of `items`, saved a minute before
    /// the tests' now unless `savedAt` says otherwise, and `images`.
    static func cached(_ items: [String], images: [String: [UInt8]] = [:],
                       savedAt: Timestamp = Timestamp.commandTestNow.adding(seconds: -60)) -> InMemoryFeedStore {
        InMemoryFeedStore(feed: CachedFeed(document: document(items), timestamp: savedAt), images: images)
    }

    /// feed-cache over `store`, stdout a pipe (one that refuses writes after
    /// `limit` bytes, if given).
    static func run(_ arguments: [String], stdin: BytesSource = .terminal, store: FeedStore & FeedImageDataStore,
                    stdoutRefusingAfter limit: Int? = nil) -> RunResult {
        let io = makeIO(stdin: stdin, stdoutRefusingAfter: limit, environment: ["FEED_CACHE_DIR": "/cache"])
        return RunResult(code: FeedCacheCommand { _, _ in store }.run(arguments, io.standardIO), io: io)
    }

    /// The figures of a page, each from after its `<figure>` to the next.
    static func figures(_ result: RunResult) -> [String] {
        Array(result.stdout.components(separatedBy: "<figure>").dropFirst())
    }
}
