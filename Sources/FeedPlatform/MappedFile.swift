/// A file descriptor's regular file as one buffer, mapped in place of being
/// read: no copy, the pages come from the page cache, and can be given back
/// as they are read past (`MemoryMapping.release`).
public enum MappedFile {
    /// The file's bytes from the descriptor's offset on, mapped private and
    /// writable (a write changes this process's copy only); nil if it is no
    /// regular file of some size, or the mapping fails: read it then. The
    /// offset moves to the end, as if it had been read. A file cut short
    /// while mapped raises SIGBUS when the missing pages are touched:
    /// `beforeMapping` is where the caller makes that a clean exit.
    public static func map(_ fd: Int32, beforeMapping: () -> Void) -> UnsafeMutableBufferPointer<UInt8>? {
        guard let info = try? FileDescriptor.status(fd), (info.st_mode & S_IFMT) == S_IFREG,
              let offset = try? FileDescriptor.seek(fd, to: 0, from: SEEK_CUR),
              Int(info.st_size) > Int(offset) else { return nil }
        let page = off_t(MemoryMapping.pageSize)
        let aligned = offset / page * page
        let skip = Int(offset - aligned)
        let length = Int(info.st_size - aligned)
        beforeMapping()
        guard let mapping = try? MemoryMapping.map(fd, length: length, offset: aligned, writable: true) else { return nil }
        MemoryMapping.adviseSequential(mapping, length: length)
        _ = try? FileDescriptor.seek(fd, to: info.st_size)
        return UnsafeMutableBufferPointer(start: mapping.assumingMemoryBound(to: UInt8.self) + skip, count: length - skip)
    }
}
