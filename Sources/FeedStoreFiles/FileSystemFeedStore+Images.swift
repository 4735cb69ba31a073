import FeedCore

extension FileSystemFeedStore: FeedImageDataStore {
    /// Stores image data for many URLs under one lock and one flush to disk
    /// (a prefetch of hundreds of images would otherwise wait on as many
    /// fsyncs), each on its own: a full disk stores what fits.
    public func insert(eachOf batch: [(data: [UInt8], url: String)]) -> [Error?] {
        guard !batch.isEmpty else { return [] }
        let missing = StoreError(.saving, "cannot create \(path)/\(Self.imagesName)")
        do {
            guard let directory = try directory(create: true, kind: .saving) else { throw missing }
            return try directory.locked {
                guard let images = try directory.subdirectory(Self.imagesName, create: true, replacingOther: true, kind: .saving) else {
                    throw missing
                }
                // Temporary files seen while holding the lock belong to writers that died (kill -9).
                for name in (try? images.entries()) ?? [] where CacheDirectory.isTemporary(name) {
                    try? images.remove(name)
                }
                return images.writeEachAtomically(batch.map { item in
                    (ImageCacheFile.name(for: item.url), ImageCacheFile.parts(item.data, url: item.url))
                }).map { $0 as Error? }
            }
        } catch {
            return Array(repeating: error, count: batch.count)
        }
    }

    /// The same, throwing the first failure (what could be stored is).
    public func insert(_ batch: [(data: [UInt8], url: String)]) throws {
        if let failure = insert(eachOf: batch).lazy.compactMap({ $0 }).first { throw failure }
    }

    public func retrieve(dataForURL url: String) throws -> [UInt8]? {
        guard let directory = try directory(create: false, kind: .retrieval),
              let images = try directory.subdirectory(Self.imagesName, create: false, kind: .retrieval) else { return nil }
        let name = ImageCacheFile.name(for: url)
        guard let bytes = try images.read(name) else { return nil }
        return try ImageCacheFile.decode(bytes, url: url, path: "\(path)/\(Self.imagesName)/\(name)")
    }
}
