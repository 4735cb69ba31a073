/// Whole reads and writes on a file descriptor: the one write loop and the
/// one read loop of the package, retrying short transfers (and, through
/// `SystemCall`, interruptions).
public enum FileDescriptor {
    public static func isTerminal(_ fd: Int32) -> Bool { isatty(fd) == 1 }

    /// Writes all of `bytes`; throws the error that stopped it (EPIPE when
    /// the reader went away, ENOSPC on a full disk).
    public static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) throws(SystemError) {
        guard let base = bytes.baseAddress else { return }
        var offset = 0
        while offset < bytes.count {
            offset += try SystemCall.value { write(fd, base + offset, bytes.count - offset) }
        }
    }

    /// Writes all of `bytes` at `offset` in the file (pwrite), wherever the
    /// file's own offset is.
    public static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer, at offset: Int) throws(SystemError) {
        guard let base = bytes.baseAddress else { return }
        var done = 0
        while done < bytes.count {
            done += try SystemCall.value { pwrite(fd, base + done, bytes.count - done, off_t(offset + done)) }
        }
    }

    public static func writeAll(_ fd: Int32, _ bytes: [UInt8], at offset: Int) throws(SystemError) {
        let failure = bytes.withUnsafeBytes { raw -> SystemError? in
            do throws(SystemError) { try writeAll(fd, raw, at: offset) } catch { return error }
            return nil
        }
        if let failure { throw failure }
    }

    public static func writeAll(_ fd: Int32, _ bytes: [UInt8]) throws(SystemError) {
        let failure = bytes.withUnsafeBytes { raw -> SystemError? in
            do throws(SystemError) { try writeAll(fd, raw) } catch { return error }
            return nil
        }
        if let failure { throw failure }
    }

    /// Reads into `buffer` until it is full or the input ends; how many bytes came.
    public static func readFully(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) throws(SystemError) -> Int {
        guard let base = buffer.baseAddress else { return 0 }
        var count = 0
        while count < buffer.count {
            let got = try SystemCall.value { read(fd, base + count, buffer.count - count) }
            if got == 0 { break }
            count += got
        }
        return count
    }

    /// Reads `fd` to its end. A regular file's size is known, so its bytes
    /// go into uninitialised memory at once; a pipe's into a buffer that
    /// doubles as it fills, so each byte is copied a bounded number of times.
    public static func readAll(_ fd: Int32) throws(SystemError) -> [UInt8] {
        let info = try? status(fd)
        let size = info.map { ($0.st_mode & S_IFMT) == S_IFREG } == true ? Int(info?.st_size ?? 0) : 0
        var bytes: [UInt8] = []
        var used = 0
        var capacity = size > 0 ? size + 1 : 1 << 16 // one byte more to see a file's end
        while true {
            var failure: SystemError?
            let previous = bytes
            bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
                let raw = UnsafeMutableRawBufferPointer(buffer)
                previous.withUnsafeBytes { old in raw.copyMemory(from: old) }
                do throws(SystemError) {
                    count = used + (try readFully(fd, into: UnsafeMutableRawBufferPointer(rebasing: raw[used...])))
                } catch {
                    failure = error
                    count = used
                }
            }
            if let failure { throw failure }
            if bytes.count < capacity { return bytes } // reached the end
            used = bytes.count
            capacity *= 2
        }
    }
}

/// The single system calls on a descriptor that the other targets make.
extension FileDescriptor {
    /// open(2) of `path`, or of `name` relative to directory `directory`.
    public static func open(_ path: String, _ flags: Int32, mode: mode_t = 0, relativeTo directory: Int32 = AT_FDCWD) throws(SystemError) -> Int32 {
        try SystemCall.value { openat(directory, path, flags, mode) }
    }

    /// close(2), never retried: after EINTR the descriptor is already gone.
    @discardableResult
    public static func close(_ fd: Int32) -> SystemError? {
        closeDescriptor(fd) == 0 ? nil : SystemError.current
    }

    /// One read(2): what is there now, up to `buffer.count` bytes; 0 at the end.
    public static func readSome(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) throws(SystemError) -> Int {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return 0 }
        return try SystemCall.value { read(fd, base, buffer.count) }
    }

    /// fstat(2).
    public static func status(_ fd: Int32) throws(SystemError) -> stat {
        var info = stat()
        _ = try SystemCall.value { fstat(fd, &info) }
        return info
    }

    /// sync_file_range(2) with SYNC_FILE_RANGE_WRITE over the whole file: starts
    /// writing its dirty pages back and returns without waiting, so that a
    /// later flush has less to wait for. A hint: nothing where the C library
    /// lacks it, and its failure changes nothing.
    public static func startWriteback(_ fd: Int32) {
        startWriteback(fd, offset: 0, length: 0)
    }

    /// The same over `length` bytes from `offset` (0: to the end).
    public static func startWriteback(_ fd: Int32, offset: Int, length: Int) {
        _ = syncFileRange?(fd, Int64(offset), Int64(length), 2) // SYNC_FILE_RANGE_WRITE
    }

    /// sync_file_range(2), which Glibc's module map leaves out, looked up once.
    private static let syncFileRange: (@convention(c) (Int32, Int64, Int64, UInt32) -> Int32)? =
        dlsym(UnsafeMutableRawPointer(bitPattern: 0), "sync_file_range").map {
            unsafeBitCast($0, to: (@convention(c) (Int32, Int64, Int64, UInt32) -> Int32).self)
        }

    /// Turns O_DIRECT on or off for `fd` (fcntl): writes then go from the
    /// caller's memory straight to the disk, past the page cache, each one
    /// aligned to the disk's blocks. False where it cannot be set (a file
    /// system without it, or a platform whose value is not known here).
    public static func setWritesDirect(_ fd: Int32, _ on: Bool) -> Bool {
        guard let direct = directFlag else { return !on }
        let flags = fcntl(fd, F_GETFL)
        guard flags >= 0 else { return false }
        return fcntl(fd, F_SETFL, on ? flags | direct : flags & ~direct) == 0
    }

    /// O_DIRECT, which Glibc's module map leaves out (asm-generic and x86: 0o40000; arm64: 0o200000).
    private static var directFlag: Int32? {
        #if arch(x86_64) || arch(i386)
        return 0o40000
        #elseif arch(arm64)
        return 0o200000
        #else
        return nil
        #endif
    }

    /// ftruncate(2): the file cut (or extended with zeros) to `length` bytes.
    public static func truncate(_ fd: Int32, to length: Int) throws(SystemError) {
        _ = try SystemCall.value { ftruncate(fd, off_t(length)) }
    }

    /// fchmod(2).
    public static func changeMode(_ fd: Int32, _ mode: mode_t) throws(SystemError) {
        _ = try SystemCall.value { fchmod(fd, mode) }
    }

    /// flock(2) LOCK_EX: waits for the lock; closing the descriptor releases it.
    public static func lockExclusively(_ fd: Int32) throws(SystemError) {
        _ = try SystemCall.value { flock(fd, LOCK_EX) }
    }

    /// flock(2) LOCK_EX | LOCK_NB: true if the lock is now held, false if
    /// another descriptor holds it (nothing waits).
    public static func tryLockExclusively(_ fd: Int32) throws(SystemError) -> Bool {
        do {
            _ = try SystemCall.value { flock(fd, LOCK_EX | LOCK_NB) }
            return true
        } catch where error.code == EWOULDBLOCK {
            return false
        }
    }

    /// lseek(2); the new offset.
    @discardableResult
    public static func seek(_ fd: Int32, to offset: off_t, from whence: Int32 = SEEK_SET) throws(SystemError) -> off_t {
        try SystemCall.value { lseek(fd, offset, whence) }
    }

    /// dup(2), the copy close-on-exec.
    public static func duplicate(_ fd: Int32) throws(SystemError) -> Int32 {
        try SystemCall.value { fcntl(fd, F_DUPFD_CLOEXEC, 0) }
    }

    /// Waits up to `milliseconds` (-1: for ever) for `events` on `fd`; the
    /// events that came, none when the time ran out. Not retried when a
    /// signal comes first (it throws EINTR): the caller looks again.
    public static func poll(_ fd: Int32, for events: Int16, milliseconds: Int32) throws(SystemError) -> Int16 {
        var entry = pollfd(fd: fd, events: events, revents: 0)
        let ready = try SystemCall.value(retryOnInterrupt: false) { pollDescriptors(&entry, 1, milliseconds) }
        return ready > 0 ? entry.revents : 0
    }
}

// The C library's functions, named from outside the extension (inside it,
// `close` and `poll` are the methods above).
private func closeDescriptor(_ fd: Int32) -> Int32 { close(fd) }
private func pollDescriptors(_ entries: UnsafeMutablePointer<pollfd>, _ count: nfds_t, _ milliseconds: Int32) -> Int32 {
    poll(entries, count, milliseconds)
}

/// The status flags of an open descriptor (fcntl F_GETFL / F_SETFL).
extension FileDescriptor {
    /// Sets or clears O_NONBLOCK, leaving the other status flags as they are
    /// (no call when the flag is already as asked).
    public static func setNonBlocking(_ fd: Int32, _ nonBlocking: Bool) throws(SystemError) {
        let flags = try SystemCall.value { fcntl(fd, F_GETFL) }
        let wanted = nonBlocking ? flags | O_NONBLOCK : flags & ~O_NONBLOCK
        if wanted != flags { _ = try SystemCall.value { fcntl(fd, F_SETFL, wanted) } }
    }
}
