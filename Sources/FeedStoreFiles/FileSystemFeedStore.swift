import FeedCore
import FeedPlatform

/// The feed cache on disk, in one directory (mode 0700, files 0600):
///
///     feed           the feed (`FeedCacheFile`)
///     images/<hash>  image data (`ImageCacheFile`), named by the SHA-256 of
///                    its URL, so that no URL can become a path
///     .lock          the writers' lock (flock)
///     refresh        the refresh's history (`RefreshHistory`, below)
///     CACHEDIR.TAG   the mark of a cache folder (`CacheOwnership`)
///
/// Readers and writers use only a private folder (`CacheOwnership.checkPrivate`); a writer
/// only a folder that is the cache's (`CacheOwnership.claim`), and it removes nothing that
/// `CacheOwnership` does not call the cache's.
public final class FileSystemFeedStore: FeedStore {
    public let path: String
    private let temporaries: TemporaryFileRegistry
    /// Every flush the store makes, none retried after one failed.
    private let flush: Flush
    /// The directory, once opened (or created): kept for the run, by readers
    /// and writers alike.
    private var opened: CacheDirectory?
    /// Whether a writer has made sure the directory is the cache's.
    private var claimed = false
    /// How long a writer waits for the lock, in seconds.
    private let lockWait: Int
    /// `images/`, once a reader found it; a writer that may replace it
    /// lets it go.
    var imagesForReading: CacheDirectory?

    static let imagesName = CacheOwnership.imagesName

    /// The most temporary files the store has at once: image data is stored
    /// in batches of at most this many files, each batch under one flush.
    /// What a process that removes temporaries on a cancel must track.
    public static let maxTemporaryFilesAtOnce = 500

    /// The store in directory `path`, reporting its temporary files to
    /// `temporaries`, flushing through `flushing` (a test's may fail); a
    /// writer waits `lockWait` seconds at most for another's lock.
    public init(path: String, temporaries: TemporaryFileRegistry, flushing: FlushCalls = .system, lockWait: Int = CacheLockWait.defaultSeconds) {
        self.path = path
        self.temporaries = temporaries
        self.flush = Flush(flushing)
        self.lockWait = lockWait
    }

    /// The directory, created if `create`; nil if it does not exist. When it
    /// cannot be opened or made, the message says how to choose another
    /// (`CacheDirectory.open`).
    func directory(create: Bool, kind: ErrorKind) throws -> CacheDirectory? {
        if let opened { return opened }
        opened = try CacheDirectory.open(path, create: create, kind: kind, temporaries: temporaries, flush: flush)
        opened?.lockWait = lockWait
        return opened
    }

    /// The directory for a writer: as `directory(create:kind:)`, and claimed
    /// as the cache's before the first change (`CacheOwnership.claim`).
    func directoryForWriting(create: Bool, kind: ErrorKind) throws -> CacheDirectory? {
        guard let directory = try directory(create: create, kind: kind) else { return nil }
        if !claimed {
            try CacheOwnership.claim(directory, kind: kind)
            claimed = true
        }
        return directory
    }

    /// `images/` for reading; nil if there is none.
    func imagesDirectoryForReading() throws -> CacheDirectory? {
        if let imagesForReading { return imagesForReading }
        guard let directory = try directory(create: false, kind: .retrieval) else { return nil }
        imagesForReading = try directory.subdirectory(Self.imagesName, create: false, kind: .retrieval)
        return imagesForReading
    }

    public func retrieve() throws -> CachedFeed? {
        guard let directory = try directory(create: false, kind: .retrieval) else { return nil }
        return try retrieve(in: directory)
    }

    /// The feed file mapped into memory, its header and checksum checked in place.
    private func retrieve(in directory: CacheDirectory) throws -> CachedFeed? {
        guard let file = try directory.map(FeedCacheFile.name) else { return nil }
        return try FeedCacheFile.decode(file, path: "\(path)/\(FeedCacheFile.name)")
    }

    public func insert(_ feed: CachedFeed, keepingImageDataFor imageURLs: @autoclosure () -> Set<String>) throws {
        guard let directory = try directoryForWriting(create: true, kind: .saving) else { return }
        // Worked out before the lock, so other writers do not wait on it.
        let parts = FeedCacheFile.parts(for: feed)
        try directory.locked {
            try directory.removeStaleTemporaries(inImages: false)
            try replaceFeed(in: directory, keepingImageDataFor: imageURLs()) { () throws(StoreError) in
                try directory.writeTemporary(FeedCacheFile.name, parts, syncing: true)
            }
        }
    }

    /// Under the writers' lock: the feed file that `write` makes (a flushed
    /// temporary file's name) renamed over the old one, then the image data
    /// of URLs not in `imageURLs` removed.
    func replaceFeed(in directory: CacheDirectory, keepingImageDataFor imageURLs: @autoclosure () -> Set<String>,
                     write: () throws(StoreError) -> String) throws {
        // The URLs' names only once an image file is there to keep or drop:
        // a large feed's set costs time and memory that an empty images/ needs not.
        var keep: ImageKeepList?
        func keeps(_ name: String, in images: CacheDirectory) -> Bool {
            let list = keep ?? ImageKeepList(imageURLs())
            keep = list
            return list.keeps(name, in: images)
        }
        imagesForReading = nil
        // The images directory is opened first, so that a failure to open it
        // leaves the old feed in place. A link or a file in its place is
        // removed (never followed), as image save does.
        let images = try directory.subdirectory(Self.imagesName, create: false, replacingOther: true, kind: .saving)
        try directory.publish(try write(), as: FeedCacheFile.name)
        try directory.sync()
        try images.map { images in try prune(images) { name in !keeps(name, in: images) } }
    }

    /// Under the writers' lock: the feed file rewritten with its new
    /// timestamp and validators; `images/` is not touched.
    public func renewCachedFeed(_ renewal: (CachedFeed?) -> CachedFeed?) throws {
        guard let directory = try directoryForWriting(create: false, kind: .saving) else {
            _ = renewal(nil)
            return
        }
        try directory.locked {
            guard let renewed = renewal(try? retrieve(in: directory)) else { return }
            try directory.writeAtomically(FeedCacheFile.name, FeedCacheFile.parts(for: renewed))
        }
    }

    public func deleteCachedFeed(if isStale: (Result<CachedFeed?, Error>) -> Bool) throws {
        guard let directory = try directoryForWriting(create: false, kind: .deletion) else {
            _ = isStale(.success(nil))
            return
        }
        imagesForReading = nil
        try directory.locked(kind: .deletion) {
            guard isStale(Result { try retrieve(in: directory) }) else { return }
            let images = try directory.subdirectory(Self.imagesName, create: false, replacingOther: true, kind: .deletion)
            guard try directory.remove(FeedCacheFile.name) else {
                throw directory.folderInPlace(of: FeedCacheFile.name, kind: .deletion)
            }
            try images.map { try prune($0) { _ in true } }
            try directory.sync()
        }
    }

    /// Removes the image files `shouldDelete` names, and any temporary one;
    /// nothing else (`CacheOwnership`), and never a folder.
    func prune(_ images: CacheDirectory, where shouldDelete: (String) -> Bool) throws {
        var removed = false
        for name in try images.entries() {
            let imageFile = CacheOwnership.isImageName(name)
            guard imageFile ? shouldDelete(name) : CacheOwnership.isTemporary(name, inImages: true) else { continue }
            removed = try images.remove(name) || removed
        }
        if removed { try images.sync() }
    }
}

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

extension FileSystemFeedStore: FeedImageDataStore {
    /// Stores image data for many URLs under one lock and one flush to disk
    /// (a prefetch of hundreds of images would otherwise wait on as many
    /// fsyncs), each on its own: a full disk stores what fits.
    public func insert(eachOf batch: [(data: [UInt8], url: String)]) -> [Error?] {
        let images = openBatch()
        for item in batch { images.add(item.data, for: item.url) }
        return images.commit()
    }

    /// Writes each image as it is added (see `FileImageDataBatch`).
    public func openBatch() -> ImageDataBatch { FileImageDataBatch(store: self) }

    /// The cache directory, locked, and its `images/`, both created if
    /// missing, with stale temporaries swept; the caller unlocks the first.
    func lockedImagesDirectory() throws(StoreError) -> (cache: CacheDirectory, images: CacheDirectory) {
        let missing = StoreError(.saving, "cannot create \(path)/\(Self.imagesName)")
        do {
            guard let cache = try directoryForWriting(create: true, kind: .saving) else { throw missing }
            imagesForReading = nil
            try cache.lock(kind: .saving)
            do {
                guard let images = try cache.subdirectory(Self.imagesName, create: true, replacingOther: true, kind: .saving) else {
                    throw missing
                }
                try? images.removeStaleTemporaries(inImages: true)
                return (cache, images)
            } catch {
                cache.unlock()
                throw error
            }
        } catch let error as StoreError {
            throw error
        } catch {
            throw StoreError(.saving, "\(error)")
        }
    }

    public func retrieve(dataForURL url: String) throws -> [UInt8]? {
        guard let images = try imagesDirectoryForReading() else { return nil }
        let name = ImageCacheFile.name(for: url)
        guard let bytes = try images.read(name) else { return nil }
        return try ImageCacheFile.decode(bytes, url: url, path: "\(path)/\(Self.imagesName)/\(name)")
    }

    /// False only when `images/` is not there or holds no image file (a
    /// temporary one is none, nor a name the store never gives); true where it cannot be read, so that each
    /// lookup says what is wrong.
    public func mayHoldImageData() -> Bool {
        let found: CacheDirectory?
        do {
            found = try imagesDirectoryForReading()
        } catch {
            return true
        }
        guard let images = found else { return false }
        guard let names = try? images.entries() else { return true }
        return names.contains { CacheOwnership.isImageName($0) }
    }
}

extension FileSystemFeedStore: StoredImagesUsage {
    /// The image files in `images/` (named as the store names them: no
    /// temporary, nothing of anyone else's) and their sizes, each looked at
    /// without following a link.
    public func storedImages() -> (files: Int, bytes: Int64)? {
        guard let images = try? imagesDirectoryForReading(), let names = try? images.entries() else { return nil }
        var files = 0, bytes: Int64 = 0
        for name in names where CacheOwnership.isImageName(name) {
            guard let info = try? DirectoryCalls.status(name, in: images.fd), info.st_mode & S_IFMT == S_IFREG else { continue }
            files += 1
            bytes += Int64(info.st_size)
        }
        return (files, bytes)
    }
}

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
