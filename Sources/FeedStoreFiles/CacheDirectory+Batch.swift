import FeedCore
import FeedPlatform

extension CacheDirectory {
    /// How many files one flush covers (the cancel course tracks 512 temporary files).
    static let batchSize = 500

    /// Replaces several files, each atomically as `writeAtomically` does, with one
    /// flush for the lot: every temporary file written, the file system synced once
    /// (syncfs), each renamed over its name, the directory synced. Each on its own:
    /// a file that cannot be written keeps its old one and the others go on; a
    /// failed sync keeps every old one. A file that already holds exactly its
    /// new bytes is left as it is (a prefetch that finds the same images again
    /// writes nothing). Each file's failure, nil where replaced or left.
    func writeEachAtomically(_ files: [(name: String, parts: [[UInt8]])]) -> [StoreError?] {
        var failures = [StoreError?](repeating: nil, count: files.count)
        for start in stride(from: 0, to: files.count, by: CacheDirectory.batchSize) {
            var written: [(index: Int, temporary: String)] = []
            for index in start..<min(start + CacheDirectory.batchSize, files.count) {
                if holds(files[index].name, exactly: files[index].parts) { continue }
                do {
                    written.append((index, try writeTemporary(files[index].name, files[index].parts)))
                } catch {
                    failures[index] = error
                }
            }
            guard written.isEmpty || CacheDirectory.syncFileSystem(of: fd, files: written.map(\.temporary)) else {
                let failure = StoreError(.saving, "cannot sync \(path): \(SystemError.current)")
                written.forEach { discard($0.temporary); failures[$0.index] = failure }
                continue
            }
            for (index, temporary) in written {
                let name = files[index].name
                do {
                    try removeDirectory(inPlaceOf: name)
                    try temporaries.publish("\(path)/\(temporary)") { () throws(ToolError) in
                        guard renameat(fd, temporary, fd, name) == 0 else { throw ToolError(.saving, SystemError.current.description) }
                    }
                } catch {
                    discard(temporary)
                    failures[index] = StoreError(.saving, "cannot write \(path)/\(name): \((error as? StoreError)?.reason ?? "\(error)")")
                }
            }
            if !written.isEmpty { fsync(fd) }
        }
        return failures
    }

    /// Writes `parts` to a new temporary file for `name`; the temporary's name.
    private func writeTemporary(_ name: String, _ parts: [[UInt8]]) throws(StoreError) -> String {
        let temporary = CacheDirectory.temporaryName(for: name)
        let file = openat(fd, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard file >= 0 else { throw StoreError(.saving, "cannot create a file in \(path): \(SystemError.current)") }
        temporaries.register("\(path)/\(temporary)")
        fchmod(file, 0o600)
        var failure = CacheDirectory.writeAll(file, parts)
        if close(file) != 0, failure == nil { failure = SystemError.current }
        guard let failure else { return temporary }
        discard(temporary)
        throw StoreError(.saving, "cannot write \(path)/\(name): \(failure)")
    }

    private func discard(_ temporary: String) {
        unlinkat(fd, temporary, 0)
        temporaries.forget("\(path)/\(temporary)")
    }

    /// syncfs(2), which Glibc's module map leaves out, looked up once.
    private static let syncfs: (@convention(c) (Int32) -> Int32)? = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "syncfs").map {
        unsafeBitCast($0, to: (@convention(c) (Int32) -> Int32).self)
    }

    /// Makes the files written in directory `fd` durable: one syncfs for the
    /// file system, or an fsync of each file where syncfs is not to be had.
    private static func syncFileSystem(of fd: Int32, files: [String]) -> Bool {
        if let syncfs { return syncfs(fd) == 0 }
        return files.allSatisfy { name in
            let file = openat(fd, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
            defer { if file >= 0 { close(file) } }
            return file >= 0 && fsync(file) == 0
        }
    }
}
