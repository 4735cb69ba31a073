import FeedCore
import FeedPlatform

/// A directory of the cache, held open by descriptor: every file operation is
/// relative to it (openat, renameat, unlinkat) and never follows a symbolic
/// link planted inside it. Files are written whole to a temporary name,
/// fsync'ed, renamed over the old one, and the directory fsync'ed.
final class CacheDirectory {
    let path: String
    let fd: Int32
    let temporaries: TemporaryFileRegistry
    let flush: Flush
    var lockFD: Int32 = -1
    var lockDepth = 0
    /// How long a writer waits for the lock, in seconds, before it gives up.
    var lockWait = CacheLockWait.defaultSeconds

    /// How many temporary files a writer has at once, at most: one flush
    /// covers this many files (`FileImageDataBatch`).
    static let batchSize = FileSystemFeedStore.maxTemporaryFilesAtOnce

    private init(path: String, fd: Int32, temporaries: TemporaryFileRegistry, flush: Flush) {
        self.path = path
        self.fd = fd
        self.temporaries = temporaries
        self.flush = flush
    }

    deinit {
        if lockFD >= 0 { FileDescriptor.close(lockFD) }
        FileDescriptor.close(fd)
    }

    private static let directoryFlags = O_RDONLY | O_DIRECTORY | O_CLOEXEC

    /// Opens the directory at `path` (through a symbolic link, if it is one);
    /// nil if it does not exist and `create` is false. A created directory
    /// (and any missing parent) is mode 0700, and made durable
    /// (`makeDirectory(_:in:parentPath:kind:flush:)`). One that is not
    /// private is refused (`checkPrivate(kind:)`).
    static func open(_ path: String, create: Bool, kind: ErrorKind, temporaries: TemporaryFileRegistry, flush: Flush) throws -> CacheDirectory? {
        var opening = Result { () throws(SystemError) in try FileDescriptor.open(path, directoryFlags) }
        if case .failure(let error) = opening, error.code == ENOENT {
            guard create else { return nil }
            do {
                try makeDirectories(path, kind: kind, flush: flush)
            } catch let error as StoreError {
                throw StoreError(error.kind, "\(error.reason) (\(otherFolder))")
            }
            opening = Result { () throws(SystemError) in try FileDescriptor.open(path, directoryFlags) }
        }
        switch opening {
        case .success(let fd):
            let directory = CacheDirectory(path: path, fd: fd, temporaries: temporaries, flush: flush)
            try directory.checkPrivate(kind: kind)
            return directory
        case .failure(let error): throw StoreError(kind, "\(path): \(error) (\(otherFolder))")
        }
    }

    /// How a user puts the cache elsewhere, for a folder that cannot be
    /// opened or made.
    static let otherFolder = "use another folder with --cache-dir DIR or FEED_CACHE_DIR"

    /// Each missing folder of `path` created in turn, through the descriptor
    /// of the one above it. Stops quietly where a component cannot be opened:
    /// the caller's open of `path` then says why.
    private static func makeDirectories(_ path: String, kind: ErrorKind, flush: Flush) throws {
        var prefix = path.hasPrefix("/") ? "" : "."
        guard var parent = try? FileDescriptor.open(path.hasPrefix("/") ? "/" : ".", directoryFlags) else { return }
        defer { FileDescriptor.close(parent) }
        for component in path.split(separator: "/").map(String.init) {
            _ = try makeDirectory(component, in: parent, parentPath: prefix, kind: kind, flush: flush)
            prefix += "/" + component
            guard let next = try? FileDescriptor.open(component, directoryFlags, relativeTo: parent) else { return }
            FileDescriptor.close(parent)
            parent = next
        }
    }

    /// A subdirectory (not a symbolic link); nil if missing and not `create`.
    /// With `replacingOther`, a symbolic link in its place is removed first,
    /// never followed, and the directory made anew; anything else in its
    /// place is not the cache's, and refused.
    func subdirectory(_ name: String, create: Bool, replacingOther: Bool = false, kind: ErrorKind) throws -> CacheDirectory? {
        let flags = O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC
        let opening = Result { () throws(SystemError) in try FileDescriptor.open(name, flags, relativeTo: fd) }
        if case .success(let child) = opening {
            return CacheDirectory(path: "\(path)/\(name)", fd: child, temporaries: temporaries, flush: flush)
        }
        var failure = SystemError(code: 0)
        if case .failure(let error) = opening { failure = error }
        if replacingOther, failure.code == ENOTDIR || failure.code == ELOOP {
            if let existing = try? DirectoryCalls.status(name, in: fd), existing.st_mode & S_IFMT != S_IFLNK {
                throw StoreError(kind, "\(path)/\(name) is not a folder, and not the cache's: move it out of \(path)")
            }
            let removing = Result { () throws(SystemError) in try DirectoryCalls.remove(name, in: fd) }
            if case .failure(let error) = removing, error.code != ENOENT {
                throw StoreError(kind, "cannot replace \(path)/\(name): \(error)")
            }
            failure = SystemError(code: ENOENT)
        }
        guard failure.code == ENOENT else { throw StoreError(kind, "\(path)/\(name): \(failure)") }
        guard create else { return nil }
        _ = try Self.makeDirectory(name, in: fd, parentPath: path, kind: kind, flush: flush)
        do {
            return CacheDirectory(path: "\(path)/\(name)", fd: try FileDescriptor.open(name, flags, relativeTo: fd), temporaries: temporaries, flush: flush)
        } catch {
            throw StoreError(kind, "\(path)/\(name): \(error)")
        }
    }

    /// rename(2) replaces a file or a symbolic link (not what it points to),
    /// but not a folder: one in the way of `name` is not the cache's, and
    /// stays where it is.
    func refuseDirectory(inPlaceOf name: String) throws {
        if let existing = try? DirectoryCalls.status(name, in: fd), existing.st_mode & S_IFMT == S_IFDIR {
            throw folderInPlace(of: name, kind: .saving)
        }
    }

    /// What a writer says of a folder where a file of the cache's belongs.
    func folderInPlace(of name: String, kind: ErrorKind) -> StoreError {
        StoreError(kind, "\(path)/\(name) is a folder, not the cache's file: move it out of \(path)")
    }

    /// Removes `name` if it is a file or a link (never followed); true also
    /// if it is gone. A folder is never removed, nor anything in it: false.
    @discardableResult
    func remove(_ name: String) throws -> Bool {
        let unlinking = Result { () throws(SystemError) in try DirectoryCalls.remove(name, in: fd) }
        guard case .failure(let failure) = unlinking, failure.code != ENOENT else { return true }
        if failure.code == EISDIR || failure.code == EPERM,
           let existing = try? DirectoryCalls.status(name, in: fd), existing.st_mode & S_IFMT == S_IFDIR {
            return false
        }
        throw StoreError(.deletion, "cannot delete \(path)/\(name): \(failure)")
    }

    /// The names in the directory, but `.` and `..`.
    func entries() throws -> [String] {
        do {
            return try DirectoryCalls.entries(of: fd)
        } catch {
            throw StoreError(.deletion, "cannot list \(path): \(error)")
        }
    }

    /// Temporary files seen while holding the lock belong to writers that
    /// died (kill -9): removed, as far as they can be. Throws only if the
    /// directory cannot be listed.
    func removeStaleTemporaries(inImages images: Bool) throws {
        for name in try entries() where CacheOwnership.isTemporary(name, inImages: images) {
            _ = try? remove(name)
        }
    }
}
