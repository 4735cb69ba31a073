import FeedCore

extension FeedCacheSubcommands {
    /// `save` stored a feed, renewed one after a 304, or found it fresh. A
    /// history that cannot be written is `saving` (74), as any failed write
    /// of the store: the disk is in trouble (the feed is saved already).
    func recordSuccess() throws(CommandStop) {
        let now = stage.io.now()
        do {
            try history?.record { ($0 ?? RefreshHistory()).succeeded(at: now) }
        } catch {
            throw .failure(inCache(error))
        }
    }

    /// An error record reached `save`: one failure more (a deferred run,
    /// which asked nothing, changes nothing). The record's failure is the
    /// one told: a history lost with it is only a lost update.
    func recordFailure(_ record: ErrorRecord) {
        guard RefreshHistory.counts(record.kind) else { return }
        let now = stage.io.now()
        try? history?.record { ($0 ?? RefreshHistory()).failed(at: now, record.error) }
    }
}
