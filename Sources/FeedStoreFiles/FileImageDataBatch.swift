import FeedCore

/// The file store's batch of image data. From its first image to its commit
/// it holds the cache's writer lock, so no other writer sweeps its temporary
/// files away as stale; each image is written to a temporary file (not
/// flushed) as it is added, and the commit flushes the file system once and
/// renames each over its name (`publishTogether`). An image whose file
/// already holds exactly its bytes is left as it is. At most `batchSize`
/// temporary files exist at once: the batch publishes what it has when it
/// reaches that many. Dropped without a commit, it removes its temporaries.
final class FileImageDataBatch: ImageDataBatch {
    private let store: FileSystemFeedStore
    private var opened: Result<(cache: CacheDirectory, images: CacheDirectory), StoreError>?
    /// Each image added, in order: its temporary file, or why it has none.
    private var added: [(name: String, written: Result<String?, StoreError>)] = []
    private var published: [Error?] = []
    private var pending = 0

    init(store: FileSystemFeedStore) {
        self.store = store
    }

    deinit {
        guard case .success(let directories) = opened else { return }
        for case (_, .success(let temporary?)) in added { directories.images.discard(temporary) }
        directories.cache.unlock()
    }

    func add(_ data: [UInt8], for url: String) {
        let name = ImageCacheFile.name(for: url)
        switch open() {
        case .failure(let failure):
            added.append((name, .failure(failure)))
        case .success(let directories):
            let parts = ImageCacheFile.parts(data, url: url)
            if directories.images.holds(name, exactly: parts) {
                added.append((name, .success(nil)))
                return
            }
            let written = Result { () throws(StoreError) in try directories.images.writeTemporary(name, parts, syncing: false) }
            added.append((name, written.map { Optional($0) }))
            if case .success = written { pending += 1 }
            if pending == CacheDirectory.batchSize { publish() }
        }
    }

    func commit() -> [Error?] {
        publish()
        if case .success(let directories) = opened { directories.cache.unlock() }
        opened = nil
        defer { published = [] }
        return published
    }

    /// Publishes the temporaries written so far, keeping each one's failure.
    private func publish() {
        var written: [(temporary: String, name: String)] = []
        for case (let name, .success(let temporary?)) in added { written.append((temporary, name)) }
        var failures = (opened.flatMap { try? $0.get().images.publishTogether(written) } ?? []).makeIterator()
        for (_, outcome) in added {
            switch outcome {
            case .failure(let failure): published.append(failure)
            case .success(nil): published.append(nil)
            case .success(.some): published.append(failures.next() ?? nil)
            }
        }
        added = []
        pending = 0
    }

    /// The cache and its `images/`, created and locked at the first image;
    /// stale temporaries swept, as any writer does under the lock.
    private func open() -> Result<(cache: CacheDirectory, images: CacheDirectory), StoreError> {
        if let opened { return opened }
        let opening = Result { () throws(StoreError) in try store.lockedImagesDirectory() }
        opened = opening
        return opening
    }
}
