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
    var lockFD: Int32 = -1
    var lockDepth = 0

    private init(path: String, fd: Int32, temporaries: TemporaryFileRegistry) {
        self.path = path
        self.fd = fd
        self.temporaries = temporaries
    }

    deinit {
        if lockFD >= 0 { close(lockFD) }
        close(fd)
    }


    /// Opens the directory at `path`; nil if it does not exist and `create` is
    /// false. A created directory (and any missing parent) is mode 0700.
    static func open(_ path: String, create: Bool, kind: ErrorKind, temporaries: TemporaryFileRegistry) throws -> CacheDirectory? {
        var fd = Glibc.open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if fd < 0, errno == ENOENT {
            guard create else { return nil }
            try makeDirectories(path, kind: kind)
            fd = Glibc.open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        }
        guard fd >= 0 else { throw StoreError(kind, "\(path): \(SystemError.current)") }
        return CacheDirectory(path: path, fd: fd, temporaries: temporaries)
    }

    private static func makeDirectories(_ path: String, kind: ErrorKind) throws {
        var prefix = path.hasPrefix("/") ? "" : "."
        for component in path.split(separator: "/") {
            prefix += "/" + component
            if mkdir(prefix, 0o700) == 0 {
                chmod(prefix, 0o700) // whatever the umask
            } else if errno != EEXIST {
                throw StoreError(kind, "cannot create \(prefix): \(SystemError.current)")
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
                throw StoreError(kind, "cannot replace \(path)/\(name): \(SystemError.current)")
            }
            failure = ENOENT
        }
        if failure == ENOENT {
            guard create else { return nil }
            if mkdirat(fd, name, 0o700) == 0 {
                fchmodat(fd, name, 0o700, 0) // whatever the umask, before it is opened
            } else if errno != EEXIST {
                throw StoreError(kind, "cannot create \(path)/\(name): \(SystemError.current)")
            }
            child = openat(fd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        }
        guard child >= 0 else { throw StoreError(kind, "\(path)/\(name): \(SystemError.current)") }
        return CacheDirectory(path: "\(path)/\(name)", fd: child, temporaries: temporaries)
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
            throw StoreError(.deletion, "cannot delete \(path)/\(name): \(SystemError.current)")
        }
        if let child = try subdirectory(name, create: false, kind: .deletion) {
            for entry in try child.entries() { try child.remove(entry) }
        }
        guard unlinkat(fd, name, AT_REMOVEDIR) == 0 || errno == ENOENT else {
            throw StoreError(.deletion, "cannot delete \(path)/\(name): \(SystemError.current)")
        }
    }

    /// The names in the directory, but `.` and `..`.
    func entries() throws -> [String] {
        let copy = dup(fd)
        guard copy >= 0, let stream = fdopendir(copy) else {
            if copy >= 0 { close(copy) }
            throw StoreError(.deletion, "cannot list \(path): \(SystemError.current)")
        }
        defer { closedir(stream) }
        rewinddir(stream)
        var names: [String] = []
        while let entry = readdir(stream) {
            // Read in place, up to its NUL: the record readdir returns is only
            // d_reclen long, often shorter than the 256 bytes d_name is declared
            // with (copying the field would read past the end of the buffer).
            let name = withUnsafePointer(to: &entry.pointee.d_name) { field in
                String(cString: UnsafeRawPointer(field).assumingMemoryBound(to: CChar.self))
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    func sync() { fsync(fd) }


}
