/// mmap(2) and what goes with it: mappings of a file, read in place.
public enum MemoryMapping {
    /// Maps `length` bytes of `fd` from `offset`: shared with nobody (a write
    /// changes this process's copy only), writable if asked, its pages read
    /// at once with `populate`.
    public static func map(_ fd: Int32, length: Int, offset: off_t = 0, writable: Bool = false, populate: Bool = false) throws(SystemError) -> UnsafeMutableRawPointer {
        let protection = writable ? PROT_READ | PROT_WRITE : PROT_READ
        let flags = MAP_PRIVATE | (populate ? MAP_POPULATE : 0)
        guard let mapping = mmap(nil, length, protection, flags, fd, offset), mapping != MAP_FAILED else {
            throw SystemError.current
        }
        return mapping
    }

    /// Maps `length` bytes of fresh zeroed memory, touched only as it is
    /// written; in huge pages where the system has them and it is that big.
    public static func anonymous(length: Int, hugePages: Bool) throws(SystemError) -> UnsafeMutableRawPointer {
        guard let mapping = mmap(nil, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0), mapping != MAP_FAILED else {
            throw SystemError.current
        }
        #if os(Linux)
        if hugePages { _ = madvise(mapping, length, MADV_HUGEPAGE) }
        #endif
        return mapping
    }

    public static func unmap(_ mapping: UnsafeMutableRawPointer, length: Int) {
        munmap(mapping, length)
    }

    /// Tells the kernel the mapping will be read from start to end.
    public static func adviseSequential(_ mapping: UnsafeMutableRawPointer, length: Int) {
        _ = madvise(mapping, length, MADV_SEQUENTIAL)
    }

    /// Gives the pages back: touched again, they are read again from the file.
    public static func release(_ start: UnsafeMutableRawPointer, length: Int) {
        _ = madvise(start, length, MADV_DONTNEED)
    }

    /// Faults in the pages of an anonymous mapping, writable, keeping what
    /// they hold (Linux 5.14 on; elsewhere, or before, nothing happens and
    /// the pages are faulted in when first written).
    public static func populate(_ start: UnsafeMutableRawPointer, length: Int) {
        #if os(Linux)
        _ = madvise(start, length, 23) // MADV_POPULATE_WRITE
        #endif
    }

    /// The size of a page, at least 4 KiB.
    public static let pageSize = max(Int(sysconf(Int32(_SC_PAGESIZE))), 4096)

    /// `length` rounded up to a whole number of `unit`s (a page, a huge
    /// page): the length of a mapping that holds `length` bytes. The one
    /// place this rounding is written.
    public static func roundedUp(_ length: Int, toMultipleOf unit: Int) -> Int {
        (length + unit - 1) / unit * unit
    }
}
