import FeedCore

extension FeedCacheSubcommands {
    /// Saves the pages on standard input as one feed, after the cached feed's
    /// items with `--append` ("load more"); renews the cached feed on a 304;
    /// nothing when an error record came, nor for a fresh record. Then writes
    /// what it stored (or holds), as `load` would, unless `--quiet`. Each
    /// outcome is noted in the refresh's history (`+History`).
    func save() throws {
        guard let input = try readSaveInput() else { return }
        SaveCheckpoint.reached(stage.io.environment)
        let append = arguments.has(.append)
        let stored: CachedBytes
        switch input {
        case .notModified(let response):
            guard !append else {
                throw CommandStop.failure(ToolError(.invalidData, "a 304 response record cannot be appended: there are no items in it"),
                                          url: response.url)
            }
            do {
                stored = try feedLoader.renew(after: response)
            } catch {
                throw CommandStop.failure(inCache(error), url: response.url)
            }
        case .fresh(let fresh):
            guard !append else {
                throw CommandStop.failure(ToolError(.invalidData, "a fresh record cannot be appended: there are no items in it"), url: fresh.url)
            }
            let cached: CachedFeed
            do {
                cached = try feedLoader.loadFresh(savedFrom: fresh.url)
            } catch {
                throw CommandStop.failure(inCache(error), url: fresh.url)
            }
            try recordSuccess()
            if !arguments.has(.quiet) { try show(cached.document, savedAt: cached.timestamp) }
            return
        case .checked(let feed, let validators, let stream):
            do {
                stored = try feedLoader.save(feed, validators: validators, streamedTo: stream)
            } catch {
                throw inCache(error)
            }
        case .feed(let feed, let validators):
            do {
                stored = CachedBytes(append ? try feedLoader.append(feed) : try feedLoader.save(feed, validators: validators))
            } catch {
                throw inCache(error)
            }
        }
        try recordSuccess()
        if !arguments.has(.quiet) { try show(stored, savedAt: stage.io.now()) }
    }
}
