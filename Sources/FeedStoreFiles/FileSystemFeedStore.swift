import FeedCore
import FeedPlatform

/// The feed cache on disk, in one directory (mode 0700, files 0600):
///
///     feed           the feed (`FeedCacheFile`)
///     images/<hash>  image data (`ImageCacheFile`), named by the SHA-256 of
///                    its URL, so that no URL can become a path
///     .lock          the writers' lock (flock)
///     refresh        the refresh's history (`RefreshHistory`, +Refresh)
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
