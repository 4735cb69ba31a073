import FeedCore

extension FeedFetchCommand {
    /// `--if-changed URL`: the request asks "changed since?" with the
    /// validators the cache holds for exactly that URL (If-None-Match,
    /// If-Modified-Since); a header of either name given with -H wins. The
    /// cache is only read, and one that cannot be read means a plain GET.
    ///
    /// No request at all while the cached feed from that URL is fresh (the
    /// fresh record to write instead), nor while the server's `Retry-After`
    /// remembered in the refresh's history has not come (`deferred`).
    @_optimize(size)
    func askIfChanged(_ operands: [String], _ options: inout FetchOptions, _ stage: Stage) throws(CommandStop) -> FreshRecord? {
        guard operands.count == 1, let url = operands.first else {
            throw stage.usage("\(OptionKey.ifChanged) needs exactly one URL argument")
        }
        guard let directory = try? CacheConfiguration.directory(cacheDir: options.cacheDir, environment: stage.io.environment) else {
            return nil
        }
        let store = makeStore(directory)
        let policy = (try? CacheConfiguration.resolve(cacheDir: directory, maxAge: nil, environment: stage.io.environment))?.policy
        let loader = LocalFeedLoader(store: store, currentDate: stage.io.now, policy: policy ?? FeedCachePolicy())
        if let until = loader.freshUntil(savedFrom: url) { return FreshRecord(url: url, freshUntil: until) }
        if let notBefore = (store as? RefreshHistoryStore)?.refreshHistory()?.notBefore, stage.io.now() < notBefore {
            let when = ISO8601.format(notBefore.seconds)
            throw CommandStop.failure(ToolError(.deferred, "not asked: the server asked to wait until \(when) (Retry-After)",
                                                notBefore: notBefore), url: url)
        }
        guard let validators = loader.validators(savedFrom: url) else { return nil }
        let conditional = validators.conditionalHeaders.map { RequestHeader(name: $0.name, value: $0.value) }
        options.settings.headers = RequestHeader.merged(conditional + options.settings.headers)
        return nil
    }
}
