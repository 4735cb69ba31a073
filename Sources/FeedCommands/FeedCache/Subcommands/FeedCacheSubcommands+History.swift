import FeedCore

extension FeedCacheSubcommands {
    /// `save` stored a feed, renewed one after a 304, or found it fresh.
    func recordSuccess() {
        let now = stage.io.now()
        recordRefresh { $0.succeeded(at: now) }
    }

    /// An error record reached `save`: one failure more (a deferred run,
    /// which asked nothing, changes nothing).
    func recordFailure(_ record: ErrorRecord) {
        guard RefreshHistory.counts(record.kind) else { return }
        let now = stage.io.now()
        recordRefresh { $0.failed(at: now, record.error) }
    }

    /// The history is only ever informative: a write that fails loses this
    /// update, and the command's outcome stays what the feed made it.
    private func recordRefresh(_ change: (RefreshHistory) -> RefreshHistory) {
        try? history?.recordRefresh { change($0 ?? RefreshHistory()) }
    }
}
