import FeedCore
import FeedPlatform

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
