import FeedCore
import FeedPlatform

/// A feed file written while `save` checks it (`StreamedFeed`): made under
/// the writers' lock, held until it is committed or abandoned, as a
/// temporary file that takes the document's stretches as they are final
/// (`StreamedFeedWrites`). Committing puts the validators line after the
/// document and the header in front, flushes it, and renames it over the
/// old feed, as `insert` does; abandoning removes it. Either way the lock
/// is given back. The cache is the old feed until the rename.
final class StreamedFeedFile: StreamedFeed {
    private let store: FileSystemFeedStore
    private let directory: CacheDirectory
    private let temporary: String
    private let writes: StreamedFeedWrites
    private var failure: SystemError?
    private var ended = false

    init(store: FileSystemFeedStore, directory: CacheDirectory) throws {
        try directory.lock()
        do {
            try directory.removeStaleTemporaries(inImages: false)
            let (name, file) = try directory.createTemporary(FeedCacheFile.name)
            (temporary, writes) = (name, StreamedFeedWrites(file: file))
        } catch {
            directory.unlock()
            throw error
        }
        self.store = store
        self.directory = directory
    }

    deinit { abandon() }

    func documentIsFinal(upTo final: UnsafeRawBufferPointer) { writes.give(final) }

    func documentEnds(_ whole: UnsafeRawBufferPointer) {
        writes.give(whole, all: true)
        writes.drain()
    }

    func documentIsVoid() {
        do throws(SystemError) { try writes.void() } catch { failure = failure ?? error }
    }

    func commit(_ feed: CachedFeed, keepingImageDataFor imageURLs: @autoclosure () -> Set<String>) throws {
        guard !ended else { throw StoreError(.saving, "cannot write \(directory.path)/\(FeedCacheFile.name): already ended") }
        defer { end() }
        do {
            try store.replaceFeed(in: directory, keepingImageDataFor: imageURLs()) { () throws(StoreError) in
                do throws(SystemError) {
                    if let failure { throw failure }
                    try writes.finish(length: feed.document.count, saved: feed.timestamp,
                                      validators: FeedCacheFile.validatorsLine(feed.validators), flush: directory.flush)
                    if let closing = writes.close() { throw closing }
                } catch {
                    throw StoreError(.saving, "cannot write \(directory.path)/\(FeedCacheFile.name): \(error)")
                }
                return temporary
            }
        } catch {
            // Whatever failed, before the rename or in it, the new file goes
            // (after the rename its name is no longer there).
            directory.discard(temporary)
            throw error
        }
    }

    func abandon() {
        guard !ended else { return }
        end()
        directory.discard(temporary)
    }

    /// Nothing more is written; the file is closed (once) and the lock given back.
    private func end() {
        ended = true
        writes.drain()
        _ = writes.close()
        directory.unlock()
    }
}
