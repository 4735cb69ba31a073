import FeedCore

extension FeedFetchCommand {
    /// `--if-changed URL`: the request asks "changed since?" with the
    /// validators the cache holds for exactly that URL (If-None-Match,
    /// If-Modified-Since); a header of either name given with -H wins. The
    /// cache is only read, and one that cannot be read means a plain GET.
    func askIfChanged(_ operands: [String], _ options: inout FetchOptions, _ stage: Stage) throws(CommandStop) {
        guard operands.count == 1, let url = operands.first else {
            throw stage.usage("--if-changed needs exactly one URL argument")
        }
        guard let directory = try? CacheConfiguration.directory(cacheDir: options.cacheDir, environment: stage.io.environment),
              let validators = LocalFeedLoader(store: makeStore(directory), currentDate: stage.io.now).validators(savedFrom: url) else {
            return
        }
        let conditional = validators.conditionalHeaders.map { RequestHeader(name: $0.name, value: $0.value) }
        options.settings.headers = RequestHeader.merged(conditional + options.settings.headers)
    }
}
