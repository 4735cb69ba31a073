import FeedCore
import FeedPlatform

/// The refresh's history: `refresh`, one JSON line (`RefreshHistory.json`)
/// beside the feed, replaced whole under the writers' lock through the
/// store's one atomic, durable write (a temporary file flushed, renamed,
/// the directory flushed). Never part of the feed's write: the feed, its
/// validators and the images are not touched by it. Only a folder that
/// holds a feed gets one, and only once it is claimed as the cache's, as for
/// any other write: no failure creates, tags or writes into a folder of its own.
extension FileSystemFeedStore: RefreshHistoryStore {
    private static let refreshName = CacheOwnership.refreshName

    public func refreshHistory() -> RefreshHistory? {
        guard let directory = try? directory(create: false, kind: .retrieval) else { return nil }
        return Self.history(in: directory)
    }

    public func recordRefresh(_ change: (RefreshHistory?) -> RefreshHistory) throws {
        guard let found = try directory(create: false, kind: .saving),
              try found.entries().contains(FeedCacheFile.name),
              let directory = try directoryForWriting(create: false, kind: .saving) else { return }
        try directory.locked {
            let history = change(Self.history(in: directory))
            try directory.writeAtomically(Self.refreshName, [JSONWriter().line(history.json)])
        }
    }

    private static func history(in directory: CacheDirectory) -> RefreshHistory? {
        guard let bytes = try? directory.read(refreshName), let value = try? JSONReader.parseSingle(bytes) else { return nil }
        return RefreshHistory(json: value)
    }
}
