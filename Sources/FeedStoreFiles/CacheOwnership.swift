import FeedCore
import FeedPlatform

/// What in a cache folder is the cache's own, the one place that says so.
/// The folder's top holds `feed` (a regular file, or a link the store
/// replaces, never follows), `images` (a folder, or such a link), `.lock`,
/// `CACHEDIR.TAG`, `refresh` (the refresh's history) and the writers'
/// temporary files of those names; `images/`
/// holds image files named by `ImageCacheFile.name(for:)` and their
/// temporaries. Nothing else is the store's to remove or replace, and a
/// folder holding anything else is no cache unless it is tagged. Here too
/// the checks of a real folder by those rules: private (`checkPrivate`), and
/// the cache's before a writer's first change (`claim`).
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

    // MARK: - The checks on a cache folder

    /// Refuses (a `kind` error) a cache folder that is not private: owned by
    /// another user, or writable by its group or by others. The check is of
    /// the folder opened (its descriptor), so a symbolic link to it is judged
    /// by where it leads.
    static func checkPrivate(_ directory: CacheDirectory, kind: ErrorKind) throws(StoreError) {
        let path = directory.path
        let info: stat
        do {
            info = try FileDescriptor.status(directory.fd)
        } catch {
            throw StoreError(kind, "\(path): \(error)")
        }
        let me = ProcessIdentity.effectiveUserID
        guard info.st_uid == me else {
            throw StoreError(kind, "\(path) belongs to user \(info.st_uid), not to you (user \(me)), and another user's cache is not trusted: "
                             + "chown \(me) \(path), or give --cache-dir a folder of your own")
        }
        let writers = [(S_IWGRP, "its group"), (S_IWOTH, "others")].filter { info.st_mode & $0.0 != 0 }.map(\.1)
        guard writers.isEmpty else {
            let mode = String(info.st_mode & 0o7777, radix: 8)
            throw StoreError(kind, "\(path) can be written by \(writers.joined(separator: " and ")) (mode \(mode)), "
                             + "and a cache others can change is not trusted: chmod 700 \(path)")
        }
    }

    /// Before a writer's first change: the folder is the cache's, or it is
    /// refused (a `kind` error). A folder tagged with `CACHEDIR.TAG` is; an
    /// untagged one that is empty, or holds only what this type calls the
    /// cache's own (a cache of an earlier version), is tagged now, durably,
    /// under the lock, and then is. No lock file is made in a folder that is
    /// refused.
    static func claim(_ directory: CacheDirectory, kind: ErrorKind) throws {
        if isTagged(directory) { return }
        if let stranger = try firstStranger(in: directory, kind: kind) {
            // Another first writer may have tagged the folder since.
            if stranger == CacheOwnership.tagName, isTagged(directory) { return }
            throw StoreError(kind, "\(directory.path) is not a cache: it holds \(stranger), which is not the cache's, and no CACHEDIR.TAG; "
                             + "give --cache-dir an empty or new folder")
        }
        // Under the lock, as every temporary file is: another writer sweeps
        // what it finds of them as a dead writer's.
        try directory.locked(kind: kind) {
            try directory.writeAtomically(CacheOwnership.tagName, [CacheOwnership.tag])
        }
    }

    /// Whether the folder holds a `CACHEDIR.TAG` with the signature.
    private static func isTagged(_ directory: CacheDirectory) -> Bool {
        firstBytes(of: CacheOwnership.tagName, in: directory, count: CacheOwnership.signature.count).map(CacheOwnership.isTag) ?? false
    }

    /// The first entry of an untagged folder that is not the cache's own
    /// (by its name, its type, and for `feed` its first bytes), as a path
    /// relative to the folder; nil if there is none.
    private static func firstStranger(in directory: CacheDirectory, kind: ErrorKind) throws -> String? {
        for name in try listed(directory, kind: kind) {
            guard let info = try? DirectoryCalls.status(name, in: directory.fd) else { continue } // gone meanwhile
            let type = info.st_mode & S_IFMT
            guard name != CacheOwnership.tagName, CacheOwnership.ownsTopEntry(name, type: type) else { return name }
            if name == FeedCacheFile.name, type == S_IFREG {
                let start = firstBytes(of: name, in: directory, count: FeedCacheFile.magic.utf8.count + 1) ?? []
                guard CacheOwnership.isFeedFile(start) else { return name }
            }
            if name == CacheOwnership.imagesName, type == S_IFDIR {
                guard let images = try directory.subdirectory(name, create: false, kind: kind) else { continue }
                for entry in try listed(images, kind: kind) {
                    guard let info = try? DirectoryCalls.status(entry, in: images.fd) else { continue }
                    guard CacheOwnership.ownsImageEntry(entry, type: info.st_mode & S_IFMT) else { return "\(name)/\(entry)" }
                }
            }
        }
        return nil
    }

    private static func listed(_ directory: CacheDirectory, kind: ErrorKind) throws(StoreError) -> [String] {
        do {
            return try DirectoryCalls.entries(of: directory.fd)
        } catch {
            throw StoreError(kind, "cannot list \(directory.path): \(error)")
        }
    }

    /// Up to `count` first bytes of regular file `name` (never through a
    /// link, never blocking on a FIFO); nil if it is not there, not a
    /// regular file, or cannot be read.
    private static func firstBytes(of name: String, in directory: CacheDirectory, count: Int) -> [UInt8]? {
        guard let file = try? FileDescriptor.open(name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, relativeTo: directory.fd) else { return nil }
        defer { FileDescriptor.close(file) }
        guard let info = try? FileDescriptor.status(file), info.st_mode & S_IFMT == S_IFREG else { return nil }
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let read = bytes.withUnsafeMutableBytes { buffer in
                try? FileDescriptor.readSome(file, into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled...]))
            }
            guard let read, read > 0 else { break }
            filled += read
        }
        return Array(bytes.prefix(filled))
    }
}
