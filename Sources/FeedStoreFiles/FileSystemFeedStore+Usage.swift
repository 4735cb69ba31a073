import FeedCore
import FeedPlatform

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
