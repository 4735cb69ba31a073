/// The calls on names in a directory held open by descriptor: never through
/// a path that another process could swap under the caller.
public enum DirectoryCalls {
    /// mkdir(2) of `name` in `directory` (AT_FDCWD: a path), then its mode set
    /// whatever the umask; false if something of that name exists already.
    /// The mode is set through the new folder's own descriptor, opened
    /// without following a link: if another process put a link in its place
    /// meanwhile, what the link points to keeps its mode.
    public static func makeDirectory(_ name: String, mode: mode_t, in directory: Int32 = AT_FDCWD) throws(SystemError) -> Bool {
        do {
            _ = try SystemCall.value { mkdirat(directory, name, mode) }
        } catch where error.code == EEXIST {
            return false
        }
        if let made = try? FileDescriptor.open(name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC, relativeTo: directory) {
            _ = fchmod(made, mode)
            FileDescriptor.close(made)
        }
        return true
    }

    /// renameat(2) within one directory.
    public static func rename(_ from: String, to: String, in directory: Int32) throws(SystemError) {
        _ = try SystemCall.value { renameat(directory, from, directory, to) }
    }

    /// unlinkat(2): a file, or with `directory` an empty directory.
    public static func remove(_ name: String, in parent: Int32, directory: Bool = false) throws(SystemError) {
        _ = try SystemCall.value { unlinkat(parent, name, directory ? AT_REMOVEDIR : 0) }
    }

    /// fstatat(2) of `name` itself (a symbolic link is not followed).
    public static func status(_ name: String, in directory: Int32) throws(SystemError) -> stat {
        var info = stat()
        _ = try SystemCall.value { fstatat(directory, name, &info, AT_SYMLINK_NOFOLLOW) }
        return info
    }

    /// The names in directory `fd`, but `.` and `..`.
    public static func entries(of fd: Int32) throws(SystemError) -> [String] {
        let copy = try FileDescriptor.duplicate(fd)
        guard let stream = fdopendir(copy) else {
            let error = SystemError.current
            FileDescriptor.close(copy)
            throw error
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
}

/// The calls on a path that may end in a symbolic link to follow (a
/// directory named on a command line).
extension DirectoryCalls {
    /// stat(2) of `path` (relative to `directory`), a symbolic link followed:
    /// what it names, unlike `status(_:in:)`, which sees the link itself.
    public static func statusFollowingLinks(_ path: String, in directory: Int32 = AT_FDCWD) throws(SystemError) -> stat {
        var info = stat()
        _ = try SystemCall.value { fstatat(directory, path, &info, 0) }
        return info
    }
}
