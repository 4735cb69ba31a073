import FeedCore

/// The one cache a feed-cache run works on, and what its subcommand was
/// given: the stage, the arguments, the chosen format, the loaders over the
/// store, and what `save` and `status` ask of the store besides.
struct OpenCache {
    let stage: Stage
    let arguments: ParsedArguments
    /// How `save` and `load` write the feed.
    let format: OutputFormat
    /// Names the cache in messages.
    let directory: String
    let feedLoader: LocalFeedLoader
    let imageLoader: LocalFeedImageDataLoader
    /// Where `save` records the refresh's history, and `status` reads it.
    let history: RefreshHistoryStore?
    /// What `status` asks of the image files.
    let imageUsage: StoredImagesUsage?

    init(stage: Stage, arguments: ParsedArguments, format: OutputFormat, directory: String,
         store: FeedStore & FeedImageDataStore, policy: FeedCachePolicy) {
        self.stage = stage
        self.arguments = arguments
        self.format = format
        self.directory = directory
        feedLoader = LocalFeedLoader(store: store, currentDate: stage.io.now, policy: policy)
        imageLoader = LocalFeedImageDataLoader(store: store)
        history = store as? RefreshHistoryStore
        imageUsage = store as? StoredImagesUsage
    }
}
