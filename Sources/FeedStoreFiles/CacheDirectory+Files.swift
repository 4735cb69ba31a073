import FeedCore
import FeedPlatform

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
