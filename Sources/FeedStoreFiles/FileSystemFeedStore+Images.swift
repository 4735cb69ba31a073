import FeedCore

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
