import FeedCore
import FeedPlatform

/// The cache's writer lock: flock(2) on `.lock` in a cache folder, opened
/// relative to the folder's descriptor (its `CacheDirectory` owns that
/// descriptor and this lock). Each `lock` is matched by one `unlock`, and
/// nested ones in one process share the lock.
final class CacheWriterLock {
    private let folder: Int32
    private let path: String
    private var lockFD: Int32 = -1
    private var lockDepth = 0
    /// How long a writer waits for the lock, in seconds, before it gives up.
    var lockWait = CacheLockWait.defaultSeconds

    /// The lock of the folder at `path`, open as `folder`.
    init(folder: Int32, path: String) {
        self.folder = folder
        self.path = path
    }

    deinit {
        if lockFD >= 0 { FileDescriptor.close(lockFD) }
    }

    /// Takes the cache's writer lock (flock on `.lock`), waiting for it at
    /// most `lockWait` seconds; each `lock` is matched by one `unlock`, and
    /// nested ones in one process share the lock. Failing to lock is a `kind`
    /// error (the kind of what the caller was about to do); a wait that runs
    /// out is a `saving` one, naming the lock file.
    func lock(kind: ErrorKind = .saving) throws {
        if lockDepth == 0 {
            let lockPath = "\(path)/\(CacheOwnership.lockName)"
            let file: Int32
            do {
                file = try FileDescriptor.open(CacheOwnership.lockName, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, mode: 0o600, relativeTo: folder)
            } catch where error.code == ELOOP || error.code == EISDIR {
                let what = error.code == ELOOP ? "a symbolic link" : "a folder"
                throw StoreError(kind, "cannot lock \(path): \(lockPath) is \(what), not the cache's lock file: remove it")
            } catch {
                throw StoreError(kind, "cannot lock \(path): \(error)")
            }
            do {
                guard let info = try? FileDescriptor.status(file), info.st_mode & S_IFMT == S_IFREG else {
                    throw StoreError(kind, "cannot lock \(path): \(lockPath) is not a regular file, not the cache's lock file: remove it")
                }
                try? FileDescriptor.changeMode(file, 0o600)
                try waitForLock(file, lockPath: lockPath, kind: kind)
            } catch {
                FileDescriptor.close(file)
                throw error
            }
            lockFD = file
        }
        lockDepth += 1
    }

    /// flock(2) on `file`, tried again (a few milliseconds apart, then up to
    /// 50) until it is had or `lockWait` seconds have passed.
    private func waitForLock(_ file: Int32, lockPath: String, kind: ErrorKind) throws(StoreError) {
        let start = ClockCalls.monotonicSeconds()
        var pause: UInt32 = 1_000
        while true {
            do {
                if try FileDescriptor.tryLockExclusively(file) { return }
            } catch {
                throw StoreError(kind, "cannot lock \(path): \(error)")
            }
            let waited = ClockCalls.monotonicSeconds() - start
            guard waited < Double(lockWait) else {
                throw StoreError(.saving, "another process holds the lock \(lockPath) and has not let go in \(lockWait) s: "
                                 + "try again later, or set FEED_CACHE_LOCK_TIMEOUT to wait longer")
            }
            ClockCalls.sleep(microseconds: min(pause, UInt32(max(0, (Double(lockWait) - waited) * 1_000_000)) + 1))
            pause = min(pause * 2, 50_000)
        }
    }

    /// Gives back one `lock`; the last one releases the flock.
    func unlock() {
        lockDepth -= 1
        if lockDepth == 0 {
            FileDescriptor.close(lockFD)
            lockFD = -1
        }
    }
}
