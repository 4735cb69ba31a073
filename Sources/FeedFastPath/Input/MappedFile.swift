import FeedPlatform

/// A file descriptor's regular file as one buffer, mapped in place of being
/// read: no copy, the pages come from the page cache, and can be given back
/// as they are read past (`InputRelease`).
public enum MappedFile {
    /// The file's bytes from the descriptor's offset on, mapped private and
    /// writable (a write changes this process's copy only); nil if it is no
    /// regular file of some size, or the mapping fails: read it then. The
    /// offset moves to the end, as if it had been read. A file cut short
    /// while mapped raises SIGBUS when the missing pages are touched:
    /// `beforeMapping` is where the caller makes that a clean exit.
    public static func map(_ fd: Int32, beforeMapping: () -> Void) -> UnsafeMutableBufferPointer<UInt8>? {
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        let offset = lseek(fd, 0, SEEK_CUR)
        guard offset >= 0, Int(info.st_size) > Int(offset) else { return nil }
        let page = off_t(max(Int(sysconf(Int32(_SC_PAGESIZE))), 4096))
        let aligned = offset / page * page
        let skip = Int(offset - aligned)
        let length = Int(info.st_size - aligned)
        beforeMapping()
        guard let mapping = mmap(nil, length, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd, aligned), mapping != MAP_FAILED else {
            return nil
        }
        _ = madvise(mapping, length, MADV_SEQUENTIAL)
        lseek(fd, info.st_size, SEEK_SET)
        return UnsafeMutableBufferPointer(start: mapping.assumingMemoryBound(to: UInt8.self) + skip, count: length - skip)
    }
}
