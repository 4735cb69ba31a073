import FeedCore

/// A subcommand of feed-cache (`CacheSave`, `CacheLoad`, …): it reads the
/// open cache by the names below, and names it in its failures.
protocol CacheSubcommand {
    var cache: OpenCache { get }
}

extension CacheSubcommand {
    var stage: Stage { cache.stage }
    var arguments: ParsedArguments { cache.arguments }
    var format: OutputFormat { cache.format }
    var directory: String { cache.directory }
    var feedLoader: LocalFeedLoader { cache.feedLoader }
    var imageLoader: LocalFeedImageDataLoader { cache.imageLoader }
    var history: RefreshHistoryStore? { cache.history }
    var imageUsage: StoredImagesUsage? { cache.imageUsage }

    /// A cache failure, named by the cache directory it concerns.
    func inCache(_ error: ToolError) -> ToolError {
        ToolError(error.kind, "\(cache.directory): \(error.message)")
    }

    /// The cached feed, if it is there and not expired; else the failure,
    /// named by the cache (as `load` and `image missing` report it).
    func loadCached() throws -> CachedFeed {
        do {
            return try feedLoader.load()
        } catch {
            throw inCache(error)
        }
    }

    /// Writes a feed the cache holds in the chosen format (`load`, and
    /// `save` unless `--quiet`).
    func show(_ document: CachedBytes, savedAt: Timestamp) throws {
        try format.write(document, savedAt: savedAt, to: stage.output, images: imageLoader)
    }
}
