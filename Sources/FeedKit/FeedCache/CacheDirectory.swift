#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A directory of the cache, held open by descriptor: every file operation is
/// relative to it (openat, renameat, unlinkat) and never follows a symbolic
/// link planted inside it. Files are written whole to a temporary name,
/// fsync'ed, renamed over the old one, and the directory fsync'ed.
final class CacheDirectory {
    let path: String
    let fd: Int32
    private var lockFD: Int32 = -1
    private var lockDepth = 0

    private init(path: String, fd: Int32) {
        self.path = path
        self.fd = fd
    }

    deinit {
        if lockFD >= 0 { close(lockFD) }
        close(fd)
    }

    static func reason() -> String { String(cString: strerror(errno)) }

    /// Opens the directory at `path`; nil if it does not exist and `create` is
    /// false. A created directory (and any missing parent) is mode 0700.
    static func open(_ path: String, create: Bool, kind: ErrorKind) throws -> CacheDirectory? {
        var fd = Glibc.open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if fd < 0, errno == ENOENT {
            guard create else { return nil }
            try makeDirectories(path, kind: kind)
            fd = Glibc.open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        }
        guard fd >= 0 else { throw StoreError(kind, "\(path): \(reason())") }
        return CacheDirectory(path: path, fd: fd)
    }

    private static func makeDirectories(_ path: String, kind: ErrorKind) throws {
        var prefix = path.hasPrefix("/") ? "" : "."
        for component in path.split(separator: "/") {
            prefix += "/" + component
            if mkdir(prefix, 0o700) == 0 {
                chmod(prefix, 0o700) // whatever the umask
            } else if errno != EEXIST {
                throw StoreError(kind, "cannot create \(prefix): \(reason())")
            }
        }
    }

    /// A subdirectory (not a symbolic link); nil if missing and not `create`.
    /// With `replacingOther`, anything else in its place (a file, a symbolic
    /// link) is removed first, never followed, and the directory made anew.
    func subdirectory(_ name: String, create: Bool, replacingOther: Bool = false, kind: ErrorKind) throws -> CacheDirectory? {
        var child = openat(fd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        var failure = child < 0 ? errno : 0
        if replacingOther, failure == ENOTDIR || failure == ELOOP {
            guard unlinkat(fd, name, 0) == 0 || errno == ENOENT else {
                throw StoreError(kind, "cannot replace \(path)/\(name): \(CacheDirectory.reason())")
            }
            failure = ENOENT
        }
        if failure == ENOENT {
            guard create else { return nil }
            if mkdirat(fd, name, 0o700) == 0 {
                fchmodat(fd, name, 0o700, 0) // whatever the umask, before it is opened
            } else if errno != EEXIST {
                throw StoreError(kind, "cannot create \(path)/\(name): \(CacheDirectory.reason())")
            }
            child = openat(fd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        }
        guard child >= 0 else { throw StoreError(kind, "\(path)/\(name): \(CacheDirectory.reason())") }
        return CacheDirectory(path: "\(path)/\(name)", fd: child)
    }

    /// Opens regular file `name` for reading (never through a symbolic link,
    /// never blocking on a FIFO); nil if there is none. The caller closes it.
    func openRegularFile(_ name: String) throws -> (fd: Int32, size: Int)? {
        let file = openat(fd, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        if file < 0 {
            if errno == ENOENT { return nil }
            throw StoreError(.retrieval, "\(path)/\(name): \(CacheDirectory.reason())")
        }
        var info = stat()
        guard fstat(file, &info) == 0 else {
            let reason = CacheDirectory.reason()
            close(file)
            throw StoreError(.retrieval, "\(path)/\(name): \(reason)")
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            close(file)
            throw StoreError(.retrieval, "\(path)/\(name): not a regular file")
        }
        return (file, Int(info.st_size))
    }

    /// The whole content of regular file `name`, or nil if there is none.
    func read(_ name: String) throws -> [UInt8]? {
        guard let (file, size) = try openRegularFile(name) else { return nil }
        defer { close(file) }
        var bytes = [UInt8](repeating: 0, count: size)
        var offset = 0
        while true {
            if offset == bytes.count { bytes.append(contentsOf: repeatElement(0, count: 4096)) }
            let got = bytes.withUnsafeMutableBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return Glibc.read(file, base + offset, buffer.count - offset)
            }
            if got < 0 {
                if errno == EINTR { continue }
                throw StoreError(.retrieval, "\(path)/\(name): \(CacheDirectory.reason())")
            }
            if got == 0 { break }
            offset += got
        }
        bytes.removeSubrange(offset...)
        return bytes
    }

    /// Replaces file `name` with `parts` (written in order), atomically: a
    /// reader sees the old file or the new one, never a mix, even if this
    /// process is killed at any instant or the disk fills.
    func writeAtomically(_ name: String, _ parts: [[UInt8]]) throws {
        let temporary = CacheDirectory.temporaryName(for: name)
        let file = openat(fd, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard file >= 0 else { throw StoreError(.saving, "cannot create a file in \(path): \(CacheDirectory.reason())") }
        CancelCourse.setPendingFile("\(path)/\(temporary)")
        var closed = false
        func discard(_ why: String) -> StoreError {
            if !closed { close(file) }
            unlinkat(fd, temporary, 0)
            CancelCourse.setPendingFile(nil)
            return StoreError(.saving, "cannot write \(path)/\(name): \(why)")
        }
        fchmod(file, 0o600)
        if let failure = CacheDirectory.writeAll(file, parts) { throw discard(failure) }
        guard fsync(file) == 0 else { throw discard(CacheDirectory.reason()) }
        closed = true
        guard close(file) == 0 else { throw discard(CacheDirectory.reason()) }
        do {
            try removeDirectory(inPlaceOf: name)
        } catch {
            throw discard((error as? StoreError)?.reason ?? "\(error)")
        }
        do {
            try CancelCourse.commit { () throws(ToolError) in
                guard renameat(fd, temporary, fd, name) == 0 else {
                    throw ToolError(.saving, CacheDirectory.reason())
                }
            }
        } catch {
            throw discard(error.message)
        }
        fsync(fd)
    }

    /// A name no other writer uses; `.tmp-` marks it stale if left behind.
    static func temporaryName(for name: String) -> String {
        ".tmp-\(name)-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    }

    /// Writes `parts` in order to `file`; the reason it failed, or nil.
    static func writeAll(_ file: Int32, _ parts: [[UInt8]]) -> String? {
        for part in parts {
            let failure = part.withUnsafeBytes { raw -> String? in
                var offset = 0
                while offset < raw.count, let base = raw.baseAddress {
                    let wrote = write(file, base + offset, raw.count - offset)
                    if wrote < 0 {
                        if errno == EINTR { continue }
                        return CacheDirectory.reason()
                    }
                    offset += wrote
                }
                return nil
            }
            if let failure { return failure }
        }
        return nil
    }

    /// rename(2) replaces a file or a symbolic link (not what it points to),
    /// but not a directory: one in the way of `name` is no cache file of ours.
    func removeDirectory(inPlaceOf name: String) throws {
        var existing = stat()
        if fstatat(fd, name, &existing, AT_SYMLINK_NOFOLLOW) == 0, existing.st_mode & S_IFMT == S_IFDIR {
            try remove(name)
        }
    }

    /// Removes `name` (a file, or a directory and all in it); no error if it is gone.
    func remove(_ name: String) throws {
        if unlinkat(fd, name, 0) == 0 || errno == ENOENT { return }
        guard errno == EISDIR || errno == EPERM else {
            throw StoreError(.deletion, "cannot delete \(path)/\(name): \(CacheDirectory.reason())")
        }
        if let child = try subdirectory(name, create: false, kind: .deletion) {
            for entry in try child.entries() { try child.remove(entry) }
        }
        guard unlinkat(fd, name, AT_REMOVEDIR) == 0 || errno == ENOENT else {
            throw StoreError(.deletion, "cannot delete \(path)/\(name): \(CacheDirectory.reason())")
        }
    }

    /// The names in the directory, but `.` and `..`.
    func entries() throws -> [String] {
        let copy = dup(fd)
        guard copy >= 0, let stream = fdopendir(copy) else {
            if copy >= 0 { close(copy) }
            throw StoreError(.deletion, "cannot list \(path): \(CacheDirectory.reason())")
        }
        defer { closedir(stream) }
        rewinddir(stream)
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    func sync() { fsync(fd) }

    /// Runs `body` holding the cache's writer lock (flock on `.lock`). Nested
    /// calls in one process share the lock. Failing to lock is a `kind` error:
    /// the kind of what the caller was about to do.
    func locked<T>(kind: ErrorKind = .saving, _ body: () throws -> T) throws -> T {
        if lockDepth == 0 {
            let file = openat(fd, ".lock", O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
            guard file >= 0 else { throw StoreError(kind, "cannot lock \(path): \(CacheDirectory.reason())") }
            fchmod(file, 0o600)
            while flock(file, LOCK_EX) != 0 {
                guard errno == EINTR else {
                    close(file)
                    throw StoreError(kind, "cannot lock \(path): \(CacheDirectory.reason())")
                }
            }
            lockFD = file
        }
        lockDepth += 1
        defer {
            lockDepth -= 1
            if lockDepth == 0 {
                close(lockFD) // releases the flock
                lockFD = -1
            }
        }
        return try body()
    }
}
