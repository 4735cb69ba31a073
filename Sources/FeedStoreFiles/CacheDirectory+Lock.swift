import FeedCore
import FeedPlatform

extension CacheDirectory {
    /// Runs `body` holding the cache's writer lock (flock on `.lock`). Nested
    /// calls in one process share the lock. Failing to lock is a `kind` error:
    /// the kind of what the caller was about to do.
    func locked<T>(kind: ErrorKind = .saving, _ body: () throws -> T) throws -> T {
        if lockDepth == 0 {
            let file = openat(fd, ".lock", O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
            guard file >= 0 else { throw StoreError(kind, "cannot lock \(path): \(SystemError.current)") }
            fchmod(file, 0o600)
            while flock(file, LOCK_EX) != 0 {
                guard errno == EINTR else {
                    close(file)
                    throw StoreError(kind, "cannot lock \(path): \(SystemError.current)")
                }
            }
            lockFD = file
        }
        lockDepth += 1
        defer {
            lockDepth -= 1
            if lockDepth == 0 {
                close(lockFD) // releases the flock
                lockFD = -1
            }
        }
        return try body()
    }
}
