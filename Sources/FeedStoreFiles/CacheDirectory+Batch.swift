import FeedCore
import FeedPlatform

extension CacheDirectory {
    /// Replaces several files at once, each atomically as `writeAtomically`
    /// does, with one flush for the lot: every temporary file is written, the
    /// file system is synced once (syncfs), then each is renamed over its name
    /// and the directory synced. A failure before the renames leaves every
    /// old file as it was.
    /// How many files one flush covers (the cancel course tracks at least
    /// as many temporary files at once).
    static let batchSize = 256

    func writeAtomically(batch files: [(name: String, parts: [[UInt8]])]) throws {
        var offset = 0
        while offset < files.count {
            let end = min(offset + CacheDirectory.batchSize, files.count)
            try writeChunk(files[offset..<end])
            offset = end
        }
    }

    private func writeChunk(_ files: ArraySlice<(name: String, parts: [[UInt8]])>) throws {
        var written: [(temporary: String, name: String)] = []
        func discardAll(_ why: String) -> StoreError {
            for file in written {
                unlinkat(fd, file.temporary, 0)
                temporaries.forget("\(path)/\(file.temporary)")
            }
            return StoreError(.saving, why)
        }
        for (name, parts) in files {
            let temporary = CacheDirectory.temporaryName(for: name)
            let file = openat(fd, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            guard file >= 0 else { throw discardAll("cannot create a file in \(path): \(SystemError.current)") }
            temporaries.register("\(path)/\(temporary)")
            written.append((temporary, name))
            fchmod(file, 0o600)
            var failure = CacheDirectory.writeAll(file, parts)
            if close(file) != 0, failure == nil { failure = SystemError.current }
            if let failure { throw discardAll("cannot write \(path)/\(name): \(failure)") }
        }
        guard CacheDirectory.syncFileSystem(of: fd, files: written.map(\.temporary), in: fd) else {
            throw discardAll("cannot sync \(path): \(SystemError.current)")
        }
        for (index, file) in written.enumerated() {
            do {
                try removeDirectory(inPlaceOf: file.name)
            } catch {
                written.removeFirst(index)
                throw discardAll((error as? StoreError)?.reason ?? "\(error)")
            }
            do {
                try temporaries.publish("\(path)/\(file.temporary)") { () throws(ToolError) in
                    guard renameat(fd, file.temporary, fd, file.name) == 0 else {
                        throw ToolError(.saving, SystemError.current.description)
                    }
                }
            } catch {
                written.removeFirst(index)
                throw discardAll("cannot write \(path)/\(file.name): \(error.message)")
            }
        }
        fsync(fd)
    }

    private typealias SyncFS = @convention(c) (Int32) -> Int32

    /// syncfs(2), which Glibc's module map leaves out, looked up once.
    private static let syncfs: SyncFS? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "syncfs") else { return nil }
        return unsafeBitCast(symbol, to: SyncFS.self)
    }()

    /// Makes the written files durable: one syncfs for the file system, or an
    /// fsync of each file where syncfs is not to be had.
    private static func syncFileSystem(of fd: Int32, files: [String], in directory: Int32) -> Bool {
        if let syncfs { return syncfs(fd) == 0 }
        for name in files {
            let file = openat(directory, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
            guard file >= 0 else { return false }
            defer { close(file) }
            guard fsync(file) == 0 else { return false }
        }
        return true
    }
}
