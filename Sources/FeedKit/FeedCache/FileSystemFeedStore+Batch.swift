extension FileSystemFeedStore {
    /// Stores image data for many URLs under one lock and one flush to disk
    /// (a prefetch of hundreds of images would otherwise wait on as many fsyncs).
    public func insert(_ batch: [(data: [UInt8], url: String)]) throws {
        guard !batch.isEmpty, let directory = try CacheDirectory.open(path, create: true, kind: .saving) else { return }
        try directory.locked {
            guard let images = try directory.subdirectory(Self.imagesName, create: true, replacingOther: true, kind: .saving) else { return }
            try images.writeAtomically(batch: batch.map { item in
                (SHA256.hex(Array(item.url.utf8)), FileSystemFeedStore.imageFileParts(item.data, url: item.url))
            })
        }
    }

    /// An image file: its header, the URL, then the data.
    static func imageFileParts(_ data: [UInt8], url: String) -> [[UInt8]] {
        let key = Array(url.utf8)
        var checked = key
        checked.append(contentsOf: data)
        let header = "\(imageMagic) \(formatVersion) \(key.count) \(data.count) \(CacheChecksum.hex(CacheChecksum.of(checked)))\n"
        return [Array(header.utf8), key, data]
    }
}
