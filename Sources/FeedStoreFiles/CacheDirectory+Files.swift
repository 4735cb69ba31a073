import FeedCore
import FeedPlatform

extension CacheDirectory {
    /// Opens regular file `name` for reading (never through a symbolic link,
    /// never blocking on a FIFO); nil if there is none. The caller closes it.
    func openRegularFile(_ name: String) throws -> (fd: Int32, size: Int)? {
        let file = openat(fd, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        if file < 0 {
            if errno == ENOENT { return nil }
            throw StoreError(.retrieval, "\(path)/\(name): \("\(SystemError.current)")")
        }
        var info = stat()
        guard fstat(file, &info) == 0 else {
            let reason = "\(SystemError.current)"
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
        guard let (file, _) = try openRegularFile(name) else { return nil }
        defer { close(file) }
        do {
            return try FileDescriptor.readAll(file)
        } catch {
            throw StoreError(.retrieval, "\(path)/\(name): \(error)")
        }
    }

    /// Regular file `name` mapped into memory, or nil if there is none.
    func map(_ name: String) throws -> CachedBytes? {
        guard let (file, size) = try openRegularFile(name) else { return nil }
        defer { close(file) }
        guard size > 0 else { return CachedBytes([]) }
        guard let mapping = mmap(nil, size, PROT_READ, MAP_PRIVATE | MAP_POPULATE, file, 0), mapping != MAP_FAILED else {
            throw StoreError(.retrieval, "\(path)/\(name): \(SystemError.current)")
        }
        return CachedBytes(region: UnsafeRawBufferPointer(start: mapping, count: size)) { munmap(mapping, size) }
    }

    /// Replaces file `name` with `parts` (written in order), atomically: a
    /// reader sees the old file or the new one, never a mix, even if this
    /// process is killed at any instant or the disk fills.
    func writeAtomically(_ name: String, _ parts: [[UInt8]]) throws {
        let temporary = CacheDirectory.temporaryName(for: name)
        let file = openat(fd, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard file >= 0 else { throw StoreError(.saving, "cannot create a file in \(path): \("\(SystemError.current)")") }
        temporaries.register("\(path)/\(temporary)")
        var closed = false
        func discard(_ why: String) -> StoreError {
            if !closed { close(file) }
            unlinkat(fd, temporary, 0)
            temporaries.forget("\(path)/\(temporary)")
            return StoreError(.saving, "cannot write \(path)/\(name): \(why)")
        }
        fchmod(file, 0o600)
        if let failure = CacheDirectory.writeAll(file, parts) { throw discard("\(failure)") }
        guard fsync(file) == 0 else { throw discard("\(SystemError.current)") }
        closed = true
        guard close(file) == 0 else { throw discard("\(SystemError.current)") }
        do {
            try removeDirectory(inPlaceOf: name)
        } catch {
            throw discard((error as? StoreError)?.reason ?? "\(error)")
        }
        do {
            try temporaries.publish("\(path)/\(temporary)") { () throws(ToolError) in
                guard renameat(fd, temporary, fd, name) == 0 else {
                    throw ToolError(.saving, "\(SystemError.current)")
                }
            }
        } catch {
            throw discard(error.message)
        }
        fsync(fd)
    }

    /// Whether `name` is already exactly what writing `parts` would leave: a
    /// regular file of ours, mode 0600, with one link, holding those bytes.
    /// Writing it again would change nothing but its inode.
    func holds(_ name: String, exactly parts: [[UInt8]]) -> Bool {
        let file = openat(fd, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard file >= 0 else { return false }
        defer { close(file) }
        var info = stat()
        guard fstat(file, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_mode & 0o7777 == 0o600,
              info.st_uid == geteuid(), info.st_nlink == 1,
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

    /// A name no other writer uses; `.tmp-` marks it stale if left behind.
    static func temporaryName(for name: String) -> String {
        ".tmp-\(name)-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    }

    /// Writes `parts` in order to `file`; the error that stopped it, or nil.
    static func writeAll(_ file: Int32, _ parts: [[UInt8]]) -> SystemError? {
        for part in parts {
            do throws(SystemError) {
                try FileDescriptor.writeAll(file, part)
            } catch {
                return error
            }
        }
        return nil
    }

    /// Whether `name` is a temporary file (a writer's, or one a dead writer left).
    static func isTemporary(_ name: String) -> Bool { name.hasPrefix(".tmp-") }
}
