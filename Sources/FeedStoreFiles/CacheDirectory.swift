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
    /// The cache's writer lock, on `.lock` in this folder.
    let writerLock: CacheWriterLock
    /// How long a writer waits for the lock, in seconds, before it gives up.
    var lockWait: Int {
        get { writerLock.lockWait }
        set { writerLock.lockWait = newValue }
    }

    /// How many temporary files a writer has at once, at most: one flush
    /// covers this many files (`FileImageDataBatch`).
    static let batchSize = FileSystemFeedStore.maxTemporaryFilesAtOnce

    private init(path: String, fd: Int32, temporaries: TemporaryFileRegistry, flush: Flush) {
        self.path = path
        self.fd = fd
        self.temporaries = temporaries
        self.flush = flush
        self.writerLock = CacheWriterLock(folder: fd, path: path)
    }

    deinit {
        FileDescriptor.close(fd)
    }

    /// Takes the cache's writer lock (`CacheWriterLock.lock(kind:)`).
    func lock(kind: ErrorKind = .saving) throws {
        try writerLock.lock(kind: kind)
    }

    /// Gives back one `lock`; the last one releases the flock.
    func unlock() {
        writerLock.unlock()
    }

    /// Runs `body` holding the writer lock.
    func locked<T>(kind: ErrorKind = .saving, _ body: () throws -> T) throws -> T {
        try lock(kind: kind)
        defer { unlock() }
        return try body()
    }

    private static let directoryFlags = O_RDONLY | O_DIRECTORY | O_CLOEXEC

    /// Opens the directory at `path` (through a symbolic link, if it is one);
    /// nil if it does not exist and `create` is false. A created directory
    /// (and any missing parent) is mode 0700, and made durable
    /// (`makeDirectory(_:in:parentPath:kind:flush:)`). One that is not
    /// private is refused (`CacheOwnership.checkPrivate(_:kind:)`).
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
            try CacheOwnership.checkPrivate(directory, kind: kind)
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

extension CacheDirectory {
    /// The one way the store creates a folder: mkdir(2) of `name` (mode 0700)
    /// in directory `parent`, then `parent` flushed, so that the new entry
    /// survives a power cut as the files later written in it do. False if
    /// something of that name was there already (then not flushed).
    static func makeDirectory(_ name: String, in parent: Int32, parentPath: String, kind: ErrorKind, flush: Flush) throws(StoreError) -> Bool {
        let made: Bool
        do {
            made = try DirectoryCalls.makeDirectory(name, mode: 0o700, in: parent)
        } catch {
            throw StoreError(kind, "cannot create \(parentPath)/\(name): \(error)")
        }
        guard made else { return false }
        do {
            try flush.file(parent)
        } catch {
            throw StoreError(.saving, "cannot flush \(parentPath) after creating \(name) in it: \(error)")
        }
        return true
    }

    /// Makes the directory's entries durable (what was renamed, created or
    /// removed in it); a failure is a `saving` error naming it.
    func sync() throws(StoreError) {
        do {
            try flush.file(fd)
        } catch {
            throw StoreError(.saving, "cannot flush \(path): \(error)")
        }
    }
}

extension CacheDirectory {
    /// Opens regular file `name` for reading (never through a symbolic link,
    /// never blocking on a FIFO); nil if there is none. The caller closes it.
    func openRegularFile(_ name: String) throws -> (fd: Int32, size: Int)? {
        let file: Int32
        do {
            file = try FileDescriptor.open(name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, relativeTo: fd)
        } catch where error.code == ENOENT {
            return nil
        } catch {
            throw StoreError(.retrieval, "\(path)/\(name): \(error)")
        }
        let info: stat
        do {
            info = try FileDescriptor.status(file)
        } catch {
            FileDescriptor.close(file)
            throw StoreError(.retrieval, "\(path)/\(name): \(error)")
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            FileDescriptor.close(file)
            throw StoreError(.retrieval, "\(path)/\(name): not a regular file")
        }
        return (file, Int(info.st_size))
    }

    /// The whole content of regular file `name`, or nil if there is none.
    func read(_ name: String) throws -> [UInt8]? {
        guard let (file, _) = try openRegularFile(name) else { return nil }
        defer { FileDescriptor.close(file) }
        do {
            return try FileDescriptor.readAll(file)
        } catch {
            throw StoreError(.retrieval, "\(path)/\(name): \(error)")
        }
    }

    /// Regular file `name` mapped into memory, or nil if there is none.
    func map(_ name: String) throws -> CachedBytes? {
        guard let (file, size) = try openRegularFile(name) else { return nil }
        defer { FileDescriptor.close(file) }
        guard size > 0 else { return CachedBytes([]) }
        do {
            let mapping = try MemoryMapping.map(file, length: size, populate: true)
            return CachedBytes(region: UnsafeRawBufferPointer(start: mapping, count: size)) {
                MemoryMapping.unmap(mapping, length: size)
            }
        } catch {
            throw StoreError(.retrieval, "\(path)/\(name): \(error)")
        }
    }

    /// Replaces file `name` with `parts` (written in order), atomically: a
    /// reader sees the old file or the new one, never a mix, even if this
    /// process is killed at any instant or the disk fills; and durably: the
    /// file flushed before the rename, the directory after it.
    func writeAtomically(_ name: String, _ parts: [any FileBytes]) throws {
        let temporary = try writeTemporary(name, parts, syncing: true)
        try publish(temporary, as: name)
        try sync()
    }

    /// Writes `parts` to a new temporary file for `name` (fsync'ed if
    /// `syncing`, else its write-back started), reported to the registry; the temporary's name. On any
    /// failure the file is closed, removed and forgotten.
    func writeTemporary(_ name: String, _ parts: [any FileBytes], syncing: Bool) throws(StoreError) -> String {
        let (temporary, file) = try createTemporary(name)
        var failure: SystemError? = nil
        do throws(SystemError) {
            for part in parts { try part.write(to: file) }
            if syncing {
                try flush.file(file)
            } else {
                FileDescriptor.startWriteback(file) // the batch's one flush then waits less
            }
        } catch {
            failure = error
        }
        // Closed exactly once, whatever happened before.
        if let closing = FileDescriptor.close(file), failure == nil { failure = closing }
        guard let failure else { return temporary }
        discard(temporary)
        throw StoreError(.saving, "cannot write \(path)/\(name): \(failure)")
    }

    /// A new, empty temporary file for `name` (mode 0600), reported to the
    /// registry before it is created (a cancel in between finds a name to
    /// remove, never a file it was not told of): its name and its
    /// descriptor, open for writing.
    func createTemporary(_ name: String) throws(StoreError) -> (name: String, file: Int32) {
        let temporary = CacheOwnership.temporaryName(for: name)
        temporaries.register("\(path)/\(temporary)")
        let file: Int32
        do {
            file = try FileDescriptor.open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode: 0o600, relativeTo: fd)
        } catch {
            temporaries.forget("\(path)/\(temporary)")
            throw StoreError(.saving, "cannot create a file in \(path): \(error)")
        }
        try? FileDescriptor.changeMode(file, 0o600)
        return (temporary, file)
    }

    /// Renames `temporary` over `name` (a folder in its place is refused,
    /// never removed), unless a cancel is pending; on failure removes `temporary`.
    func publish(_ temporary: String, as name: String) throws(StoreError) {
        do {
            try refuseDirectory(inPlaceOf: name)
            try temporaries.publish("\(path)/\(temporary)") { () throws(ToolError) in
                do {
                    try DirectoryCalls.rename(temporary, to: name, in: fd)
                } catch {
                    throw ToolError(.saving, "\(error)")
                }
            }
        } catch {
            discard(temporary)
            let reason = (error as? StoreError)?.reason ?? (error as? ToolError)?.message ?? "\(error)"
            throw StoreError(.saving, "cannot write \(path)/\(name): \(reason)")
        }
    }

    /// Removes a temporary file of this writer's and forgets it.
    func discard(_ temporary: String) {
        try? DirectoryCalls.remove(temporary, in: fd)
        temporaries.forget("\(path)/\(temporary)")
    }

    /// Whether `name` is already exactly what writing `parts` would leave: a
    /// regular file of ours, mode 0600, with one link, holding those bytes.
    /// Writing it again would change nothing but its inode.
    func holds(_ name: String, exactly parts: [[UInt8]]) -> Bool {
        guard let file = try? FileDescriptor.open(name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, relativeTo: fd) else { return false }
        defer { FileDescriptor.close(file) }
        guard let info = try? FileDescriptor.status(file), info.st_mode & S_IFMT == S_IFREG, info.st_mode & 0o7777 == 0o600,
              info.st_uid == ProcessIdentity.effectiveUserID, info.st_nlink == 1,
              Int(info.st_size) == parts.reduce(0, { $0 + $1.count }),
              let bytes = try? FileDescriptor.readAll(file), bytes.count == Int(info.st_size) else { return false }
        var offset = 0
        for part in parts where !part.isEmpty {
            let same = bytes.withUnsafeBytes { stored in
                part.withUnsafeBytes { wanted in
                    guard let stored = stored.baseAddress, let wanted = wanted.baseAddress else { return false }
                    return memcmp(stored + offset, wanted, part.count) == 0
                }
            }
            guard same else { return false }
            offset += part.count
        }
        return true
    }
}

extension CacheDirectory {
    /// Publishes temporary files written by `writeTemporary(syncing: false)`
    /// with one flush for the lot: the file system synced once (syncfs), each
    /// renamed over its name, the directory synced (its failure is each
    /// file's, as they may not survive a power cut). Each on its own: a file
    /// that cannot be renamed keeps its old one and the others go on; a
    /// failed sync removes every temporary and keeps every old file. The
    /// failure of each, in order.
    func publishTogether(_ files: [(temporary: String, name: String)]) -> [StoreError?] {
        guard !files.isEmpty else { return [] }
        if let failure = syncFileSystem(files: files.map(\.temporary)) {
            let failure = StoreError(.saving, "cannot sync \(path): \(failure)")
            return files.map { file in
                discard(file.temporary)
                return failure
            }
        }
        let failures = files.map { file -> StoreError? in
            let publishing = Result { () throws(StoreError) in try publish(file.temporary, as: file.name) }
            guard case .failure(let failure) = publishing else { return nil }
            return failure
        }
        do {
            try sync()
        } catch {
            return failures.map { $0 ?? error }
        }
        return failures
    }

    /// Makes the files written here durable: one syncfs for the file system,
    /// or an fsync of each file where syncfs is not to be had. Why not, or nil.
    private func syncFileSystem(files: [String]) -> SystemError? {
        do {
            if try flush.fileSystem(of: fd) { return nil }
            for name in files {
                let file = try FileDescriptor.open(name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC, relativeTo: fd)
                defer { FileDescriptor.close(file) }
                try flush.file(file)
            }
            return nil
        } catch {
            return error
        }
    }
}
