/// The feed cache on disk, in one directory (mode 0700, files 0600):
///
///     feed           the feed: a header line, then the document's bytes
///     images/<hash>  image data: a header line, the URL, then the bytes
///     .lock          the writers' lock (flock)
///
/// The feed header is `essential-feed-cache 1 <saved> <length> <checksum>`:
/// the save time (seconds.nanoseconds since 1970), the document's length and
/// its checksum, so a torn, truncated or garbage file is a retrieval error,
/// never a wrong feed. An image's name is the SHA-256 of its URL, so no URL
/// can become a path.
public final class FileSystemFeedStore: FeedStore, FeedImageDataStore {
    public let path: String
    private var writable: CacheDirectory?

    static let feedName = "feed"
    static let imagesName = "images"
    static let feedMagic = "essential-feed-cache"
    static let imageMagic = "essential-feed-image"
    static let formatVersion = "1"

    public init(path: String) {
        self.path = path
    }

    /// The directory, created if `create`; nil if it does not exist.
    private func directory(create: Bool, kind: ErrorKind) throws -> CacheDirectory? {
        if let writable { return writable }
        let directory = try CacheDirectory.open(path, create: create, kind: kind)
        if create { writable = directory }
        return directory
    }

    // MARK: FeedStore

    public func retrieve() throws -> CachedFeed? {
        guard let directory = try directory(create: false, kind: .retrieval),
              let bytes = try directory.read(Self.feedName) else { return nil }
        return try Self.decodeFeed(bytes, path: "\(path)/\(Self.feedName)")
    }

    public func insert(_ feed: CachedFeed, keepingImageDataFor imageURLs: Set<String>) throws {
        guard let directory = try directory(create: true, kind: .saving) else { return }
        // Worked out before the lock, so other writers do not wait on it.
        let header = "\(Self.feedMagic) \(Self.formatVersion) \(feed.timestamp) \(feed.document.count) \(CacheChecksum.hex(CacheChecksum.of(feed.document)))\n"
        let keep = Set(imageURLs.map { SHA256.hex(Array($0.utf8)) })
        // A Set<String> holds one of two URLs that differ only in Unicode
        // normalisation (`é` and `e` + U+0301 are equal Strings), so with
        // non-ASCII URLs an image is dropped only if the URL it was stored
        // under is not in the set either.
        let exact = imageURLs.allSatisfy { $0.utf8.allSatisfy { $0 < 0x80 } }
        try directory.locked {
            try removeStaleTemporaries(in: directory)
            // The images directory is opened first, so that a failure to open it
            // leaves the old feed in place. A link or a file in its place is
            // removed (never followed), as image save does.
            let images = try directory.subdirectory(Self.imagesName, create: false, replacingOther: true, kind: .saving)
            try directory.writeAtomically(Self.feedName, [Array(header.utf8), feed.document])
            try images.map { images in
                try prune(images) { name in
                    !keep.contains(name) && (exact || !(Self.storedURL(name, in: images).map(imageURLs.contains) ?? false))
                }
            }
        }
    }

    /// The URL an image file was stored under, if the file is whole enough to say.
    private static func storedURL(_ name: String, in images: CacheDirectory) -> String? {
        guard let bytes = try? images.read(name), let newline = bytes.prefix(256).firstIndex(of: 0x0A) else { return nil }
        let fields = String(decoding: bytes[..<newline], as: UTF8.self).split(separator: " ")
        guard fields.count == 5, fields[0] == imageMagic, let keyLength = Int(fields[2]), keyLength >= 0,
              bytes.count - newline - 1 >= keyLength else { return nil }
        return String(decoding: bytes[(newline + 1)..<(newline + 1 + keyLength)], as: UTF8.self)
    }

    public func deleteCachedFeed() throws {
        guard let directory = try directory(create: false, kind: .deletion) else { return }
        try directory.locked(kind: .deletion) {
            let images = try directory.subdirectory(Self.imagesName, create: false, replacingOther: true, kind: .deletion)
            try directory.remove(Self.feedName)
            try images.map { try prune($0) { _ in true } }
            directory.sync()
        }
    }

    public func exclusively<T>(_ body: () throws -> T) throws -> T {
        guard let directory = try directory(create: false, kind: .deletion) else { return try body() }
        writable = directory
        return try directory.locked(kind: .deletion, body)
    }

    private func prune(_ images: CacheDirectory, where shouldDelete: (String) -> Bool) throws {
        var removed = false
        for name in try images.entries() where shouldDelete(name) || name.hasPrefix(".tmp-") {
            try images.remove(name)
            removed = true
        }
        if removed { images.sync() }
    }

    /// Temporary files seen while holding the lock belong to writers that died.
    private func removeStaleTemporaries(in directory: CacheDirectory) throws {
        for name in try directory.entries() where name.hasPrefix(".tmp-") {
            try? directory.remove(name)
        }
    }

    static func decodeFeed(_ bytes: [UInt8], path: String) throws -> CachedFeed {
        let view = try bytes.withUnsafeBytes { try decodeFeed(view: $0, path: path) }
        return CachedFeed(document: Array(view.document), timestamp: view.timestamp)
    }

    // MARK: FeedImageDataStore

    public func insert(_ data: [UInt8], for url: String) throws {
        try insert([(data, url)])
    }

    public func retrieve(dataForURL url: String) throws -> [UInt8]? {
        guard let directory = try directory(create: false, kind: .retrieval),
              let images = try directory.subdirectory(Self.imagesName, create: false, kind: .retrieval) else { return nil }
        let key = Array(url.utf8)
        let name = SHA256.hex(key)
        guard let bytes = try images.read(name) else { return nil }
        func corrupt(_ why: String) -> StoreError { StoreError(.retrieval, "\(path)/\(Self.imagesName)/\(name) is corrupt (\(why))") }
        guard let newline = bytes.prefix(256).firstIndex(of: 0x0A) else { throw corrupt("no header") }
        let fields = String(decoding: bytes[..<newline], as: UTF8.self).split(separator: " ").map(String.init)
        guard fields.count == 5, fields[0] == Self.imageMagic, fields[1] == Self.formatVersion,
              let keyLength = Int(fields[2]), let dataLength = Int(fields[3]), keyLength >= 0, dataLength >= 0 else {
            throw corrupt("bad header")
        }
        let body = bytes[(newline + 1)...]
        let (written, overflow) = keyLength.addingReportingOverflow(dataLength)
        guard !overflow, body.count == written else { throw corrupt("\(body.count) bytes where \(keyLength) + \(dataLength) were written") }
        guard CacheChecksum.hex(CacheChecksum.of(Array(body))) == fields[4] else { throw corrupt("checksum mismatch") }
        // Another URL with the same hash is not this URL's data.
        guard body.prefix(keyLength).elementsEqual(key) else { return nil }
        return Array(body.dropFirst(keyLength))
    }
}
