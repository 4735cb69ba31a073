import FeedCore
import FeedPlatform

extension CacheDirectory {
    /// Runs `body` holding the cache's writer lock (flock on `.lock`). Nested
    /// calls in one process share the lock. Failing to lock is a `kind` error:
    /// the kind of what the caller was about to do.
    func locked<T>(kind: ErrorKind = .saving, _ body: () throws -> T) throws -> T {
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
        defer {
            lockDepth -= 1
            if lockDepth == 0 {
                FileDescriptor.close(lockFD) // releases the flock
                lockFD = -1
            }
        }
        return try body()
    }
}
