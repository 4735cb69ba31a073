import FeedCore
import FeedPresentation

/// `feed-cache status`.
struct CacheStatus: CacheSubcommand {
    let cache: OpenCache

    /// `status [--format text|json]`: how the cache and its refresh are
    /// doing, read only (no lock taken, nothing written, nothing created).
    /// The feed's items are counted where the cached document stands
    /// where the fast paths take it, as `load --format ids` reads it.
    @_optimize(size)
    func run() throws {
        let format = try stage.format(arguments, from: OutputFormat.statusReport)
        let report = try makeStatusReport()
        if format == .json {
            try stage.output.emit(bytes: JSONWriter().line(report.json))
        } else {
            try stage.output.emit(bytes: Array(report.text(now: stage.io.now()).utf8))
        }
    }

    @_optimize(size)
    private func makeStatusReport() throws -> CacheStatusReport {
        let now = stage.io.now()
        var report = CacheStatusReport(cache: directory)
        var cached: CachedFeed?
        do throws(ToolError) {
            cached = try feedLoader.inspect()
        } catch {
            report.feedProblem = error.message
        }
        if let cached {
            let expiry = feedLoader.expiry(ofFeedSavedAt: cached.timestamp)
            let (items, missing) = try count(cached.document)
            report.feed = .init(items: items, savedAt: cached.timestamp, expiresAt: expiry, url: cached.validators?.url,
                                validators: cached.validators.map { $0.etag != nil || $0.lastModified != nil } ?? false)
            report.missing = missing
            report.freshUntil = cached.validators?.fresh(until: expiry)
        }
        report.images = imageUsage?.storedImages()
        report.history = history?.refreshHistory()
        report.now = now
        return report
    }

    /// The items, and how many of their images are not cached.
    private func count(_ document: CachedBytes) throws -> (items: Int, missing: Int) {
        let mayHave = imageLoader.mayHaveImageData
        var counted = (items: 0, missing: 0)
        try document.withUnsafeBytes { (bytes) throws in
            try FastPathChoice.installed.forEachItem(in: bytes, itemsWanted: mayHave, begin: { (count) in
                counted = (count, mayHave ? 0 : count)
            }, body: { (item) in
                let url: String?
                switch item {
                case .stored(let stored): url = stored.url
                case .read(let json): url = json[FeedItemField.url.name]?.stringValue
                }
                if let url, !imageLoader.hasImageData(for: url) { counted.missing += 1 }
            }, reference: {
                let items = try document.feedItems()
                let missing = items.filter { item in
                    guard let url = item[FeedItemField.url.name]?.stringValue else { return false }
                    return !mayHave || !imageLoader.hasImageData(for: url)
                }.count
                counted = (items.count, missing)
            })
        }
        return counted
    }
}
