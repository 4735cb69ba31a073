import FeedCore
import FeedPlatform

/// What in a cache folder is the cache's own, the one place that says so.
/// The folder's top holds `feed` (a regular file, or a link the store
/// replaces, never follows), `images` (a folder, or such a link), `.lock`,
/// `CACHEDIR.TAG`, `refresh` (the refresh's history) and the writers'
/// temporary files of those names; `images/`
/// holds image files named by `ImageCacheFile.name(for:)` and their
/// temporaries. Nothing else is the store's to remove or replace, and a
/// folder holding anything else is no cache unless it is tagged.
enum CacheOwnership {
    /// The Cache Directory Tagging Specification's file, and its signature line.
    static let tagName = "CACHEDIR.TAG"
    static let signature = Array("Signature: 8a477f597d28d172789f06886806bc55".utf8)
    static let tag = signature + Array("\n# A cache of essential-feed's feed-cache: it may be deleted, and backups may skip it.\n".utf8)
    static let lockName = ".lock"
    static let imagesName = "images"
    static let refreshName = "refresh"

    /// Whether `bytes` (a CACHEDIR.TAG's start) carry the signature.
    static func isTag(_ bytes: [UInt8]) -> Bool { bytes.starts(with: signature) }

    /// A name no other writer uses for a temporary file of `name`.
    static func temporaryName(for name: String) -> String {
        "\(temporaryPrefix(name))\(ProcessIdentity.processID)-\(UInt32.random(in: 0...UInt32.max))"
    }

    private static func temporaryPrefix(_ name: String) -> String { ".tmp-\(name)-" }

    /// Whether `name` is one of the store's temporary files in the folder's
    /// top (`images: false`) or in `images/`: its own or one a dead writer left.
    static func isTemporary(_ name: String, inImages images: Bool) -> Bool {
        guard name.hasPrefix(".tmp-") else { return false }
        if images {
            let rest = name.utf8.dropFirst(5)
            return rest.count > 65 && isImageName(String(decoding: rest.prefix(64), as: UTF8.self)) && rest.dropFirst(64).first == 0x2D
        }
        return [FeedCacheFile.name, tagName, refreshName].contains { name.hasPrefix(temporaryPrefix($0)) }
    }

    /// Whether `name` is as `ImageCacheFile.name(for:)` names image files.
    static func isImageName(_ name: String) -> Bool {
        name.utf8.count == 64 && name.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    /// Whether the entry `name`, of file type `type` (`st_mode & S_IFMT`), at
    /// the folder's top is the cache's own.
    static func ownsTopEntry(_ name: String, type: mode_t) -> Bool {
        switch name {
        case FeedCacheFile.name: return type == S_IFREG || type == S_IFLNK
        case imagesName: return type == S_IFDIR || type == S_IFLNK
        case lockName, tagName, refreshName: return type == S_IFREG
        default: return type == S_IFREG && isTemporary(name, inImages: false)
        }
    }

    /// Whether the entry `name`, of file type `type`, in `images/` is the cache's own.
    static func ownsImageEntry(_ name: String, type: mode_t) -> Bool {
        if isImageName(name) { return type == S_IFREG || type == S_IFLNK }
        return type == S_IFREG && isTemporary(name, inImages: true)
    }

    /// Whether the first bytes of a regular file at `feed` are those every
    /// feed file of every format starts with.
    static func isFeedFile(_ start: [UInt8]) -> Bool { start.starts(with: Array("\(FeedCacheFile.magic) ".utf8)) }
}
