import FeedCore
import FeedPlatform

extension CacheDirectory {
    /// Replaces several files, each atomically as `writeAtomically` does, with one
    /// flush for the lot: every temporary file written, the file system synced once
    /// (syncfs), each renamed over its name, the directory synced. Each on its own:
    /// a file that cannot be written keeps its old one and the others go on; a
    /// failed sync keeps every old one. A file that already holds exactly its
    /// new bytes is left as it is (a prefetch that finds the same images again
    /// writes nothing). At most `batchSize` temporary files exist at once.
    /// Each file's failure, nil where replaced or left.
    func writeEachAtomically(_ files: [(name: String, parts: [[UInt8]])]) -> [StoreError?] {
        var failures = [StoreError?](repeating: nil, count: files.count)
        for start in stride(from: 0, to: files.count, by: CacheDirectory.batchSize) {
            var written: [(index: Int, temporary: String)] = []
            for index in start..<min(start + CacheDirectory.batchSize, files.count) {
                if holds(files[index].name, exactly: files[index].parts) { continue }
                do {
                    written.append((index, try writeTemporary(files[index].name, files[index].parts, syncing: false)))
                } catch {
                    failures[index] = error
                }
            }
            if written.isEmpty { continue }
            if let failure = syncFileSystem(files: written.map(\.temporary)) {
                let failure = StoreError(.saving, "cannot sync \(path): \(failure)")
                written.forEach { discard($0.temporary); failures[$0.index] = failure }
                continue
            }
            for (index, temporary) in written {
                do {
                    try publish(temporary, as: files[index].name)
                } catch {
                    failures[index] = error
                }
            }
            sync()
        }
        return failures
    }

    /// Makes the files written here durable: one syncfs for the file system,
    /// or an fsync of each file where syncfs is not to be had. Why not, or nil.
    private func syncFileSystem(files: [String]) -> SystemError? {
        do {
            if try DirectoryCalls.syncFileSystem(of: fd) { return nil }
            for name in files {
                let file = try FileDescriptor.open(name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC, relativeTo: fd)
                defer { FileDescriptor.close(file) }
                try FileDescriptor.sync(file)
            }
            return nil
        } catch {
            return error
        }
    }
}
