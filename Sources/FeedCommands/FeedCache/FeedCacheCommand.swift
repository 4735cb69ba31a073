import FeedCore

/// feed-cache: the local feed loader, image data loader, cache policy and store.
public struct FeedCacheCommand {
    /// Makes the store for a cache directory, its writers waiting at most
    /// `lockWait` seconds for the lock.
    public typealias StoreFactory = (_ directory: String, _ lockWait: Int) -> FeedStore & FeedImageDataStore

    private let makeStore: StoreFactory

    public init(store makeStore: @escaping StoreFactory) {
        self.makeStore = makeStore
    }

    public func run(_ arguments: [String], _ io: StandardIO) -> Int32 {
        Stage.run(tool: "feed-cache", io: io) { stage in
            let arguments = try stage.parse(arguments, FeedCacheOptions.all) { FeedCacheHelp.text(for: $0.operands) }
            let format = try stage.format(arguments, from: OutputFormat.cachedFeed)
            // Only records carry an error record: not ids, a page, text or tsv (nor save's `-q`).
            stage.chooseOutput(arguments, documentsIn: format)
            let configuration: CacheConfiguration
            let lockWait: Int
            do throws(ToolError) {
                configuration = try CacheConfiguration.resolve(cacheDir: arguments.value(.cacheDir), maxAge: arguments.value(.maxAge),
                                                               environment: io.environment)
                lockWait = try CacheConfiguration.lockWait(environment: io.environment)
            } catch {
                throw stage.usage(error.message)
            }
            let cache = FeedCacheSubcommands(stage: stage, arguments: arguments, format: format, directory: configuration.directory,
                                             store: makeStore(configuration.directory, lockWait), policy: configuration.policy)
            try cache.run()
        }
    }
}
