import FeedCore

extension FileSystemFeedStore: FeedStreamingStore {
    /// A feed file to write while the feed is checked (`StreamedFeedFile`),
    /// holding the writers' lock until it is committed or abandoned; nil if
    /// the cache directory is not there yet: a first save checks first and
    /// writes after, so that input that fails never makes the directory.
    public func beginFeed() throws -> StreamedFeed? {
        guard let directory = try directoryForWriting(create: false, kind: .saving) else { return nil }
        imagesForReading = nil
        return try StreamedFeedFile(store: self, directory: directory)
    }
}
