import FeedCore

extension FileSystemFeedStore: FeedImageDataStore {
    /// Stores image data for many URLs under one lock and one flush to disk
    /// (a prefetch of hundreds of images would otherwise wait on as many fsyncs).
    public func insert(_ batch: [(data: [UInt8], url: String)]) throws {
        guard !batch.isEmpty, let directory = try directory(create: true, kind: .saving) else { return }
        try directory.locked {
            guard let images = try directory.subdirectory(Self.imagesName, create: true, replacingOther: true, kind: .saving) else { return }
            try images.writeAtomically(batch: batch.map { item in
                (ImageCacheFile.name(for: item.url), ImageCacheFile.parts(item.data, url: item.url))
            })
        }
    }

    public func retrieve(dataForURL url: String) throws -> [UInt8]? {
        guard let directory = try directory(create: false, kind: .retrieval),
              let images = try directory.subdirectory(Self.imagesName, create: false, kind: .retrieval) else { return nil }
        let name = ImageCacheFile.name(for: url)
        guard let bytes = try images.read(name) else { return nil }
        return try ImageCacheFile.decode(bytes, url: url, path: "\(path)/\(Self.imagesName)/\(name)")
    }
}
