import FeedCore
import FeedPlatform

extension CacheDirectory {
    /// Refuses (a `kind` error) a cache folder that is not private: owned by
    /// another user, or writable by its group or by others. The check is of
    /// the folder opened (`fd`), so a symbolic link to it is judged by where
    /// it leads.
    func checkPrivate(kind: ErrorKind) throws(StoreError) {
        let info: stat
        do {
            info = try FileDescriptor.status(fd)
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
    /// untagged one that is empty, or holds only what `CacheOwnership` calls
    /// the cache's own (a cache of an earlier version), is tagged now,
    /// durably, under the lock, and then is. No lock file is made in a
    /// folder that is refused.
    func claim(kind: ErrorKind) throws {
        if isTagged() { return }
        if let stranger = try firstStranger(kind: kind) {
            // Another first writer may have tagged the folder since.
            if stranger == CacheOwnership.tagName, isTagged() { return }
            throw StoreError(kind, "\(path) is not a cache: it holds \(stranger), which is not the cache's, and no CACHEDIR.TAG; "
                             + "give --cache-dir an empty or new folder")
        }
        // Under the lock, as every temporary file is: another writer sweeps
        // what it finds of them as a dead writer's.
        try locked(kind: kind) {
            try writeAtomically(CacheOwnership.tagName, [CacheOwnership.tag])
        }
    }

    /// Whether the folder holds a `CACHEDIR.TAG` with the signature.
    private func isTagged() -> Bool {
        firstBytes(of: CacheOwnership.tagName, count: CacheOwnership.signature.count).map(CacheOwnership.isTag) ?? false
    }

    /// The first entry of an untagged folder that is not the cache's own
    /// (by its name, its type, and for `feed` its first bytes), as a path
    /// relative to the folder; nil if there is none.
    private func firstStranger(kind: ErrorKind) throws -> String? {
        for name in try listed(kind: kind) {
            guard let info = try? DirectoryCalls.status(name, in: fd) else { continue } // gone meanwhile
            let type = info.st_mode & S_IFMT
            guard name != CacheOwnership.tagName, CacheOwnership.ownsTopEntry(name, type: type) else { return name }
            if name == FeedCacheFile.name, type == S_IFREG {
                let start = firstBytes(of: name, count: FeedCacheFile.magic.utf8.count + 1) ?? []
                guard CacheOwnership.isFeedFile(start) else { return name }
            }
            if name == CacheOwnership.imagesName, type == S_IFDIR {
                guard let images = try subdirectory(name, create: false, kind: kind) else { continue }
                for entry in try images.listed(kind: kind) {
                    guard let info = try? DirectoryCalls.status(entry, in: images.fd) else { continue }
                    guard CacheOwnership.ownsImageEntry(entry, type: info.st_mode & S_IFMT) else { return "\(name)/\(entry)" }
                }
            }
        }
        return nil
    }

    private func listed(kind: ErrorKind) throws(StoreError) -> [String] {
        do {
            return try DirectoryCalls.entries(of: fd)
        } catch {
            throw StoreError(kind, "cannot list \(path): \(error)")
        }
    }

    /// Up to `count` first bytes of regular file `name` (never through a
    /// link, never blocking on a FIFO); nil if it is not there, not a
    /// regular file, or cannot be read.
    private func firstBytes(of name: String, count: Int) -> [UInt8]? {
        guard let file = try? FileDescriptor.open(name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, relativeTo: fd) else { return nil }
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
