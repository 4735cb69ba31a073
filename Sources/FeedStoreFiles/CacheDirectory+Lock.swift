import FeedCore
import FeedPlatform

extension CacheDirectory {
    /// Takes the cache's writer lock (flock on `.lock`), waiting for it; each
    /// `lock` is matched by one `unlock`, and nested ones in one process share
    /// the lock. Failing to lock is a `kind` error: the kind of what the caller
    /// was about to do.
    func lock(kind: ErrorKind = .saving) throws {
        if lockDepth == 0 {
            do {
                let file = try FileDescriptor.open(".lock", O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, mode: 0o600, relativeTo: fd)
                try? FileDescriptor.changeMode(file, 0o600)
                do {
                    try FileDescriptor.lockExclusively(file)
                } catch {
                    FileDescriptor.close(file)
                    throw error
                }
                lockFD = file
            } catch {
                throw StoreError(kind, "cannot lock \(path): \(error)")
            }
        }
        lockDepth += 1
    }

    /// Gives back one `lock`; the last one releases the flock.
    func unlock() {
        lockDepth -= 1
        if lockDepth == 0 {
            FileDescriptor.close(lockFD)
            lockFD = -1
        }
    }

    /// Runs `body` holding the writer lock.
    func locked<T>(kind: ErrorKind = .saving, _ body: () throws -> T) throws -> T {
        try lock(kind: kind)
        defer { unlock() }
        return try body()
    }
}
