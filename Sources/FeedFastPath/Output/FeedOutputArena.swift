import FeedPlatform

/// The output buffer feed-map's fast path writes documents into, kept for the
/// whole input: mapped anonymous memory (asked for in huge pages, so a large
/// document costs a few page faults, not thousands), touched only as far as
/// it is written.
final class FeedOutputArena {
    private var mapping: UnsafeMutableRawPointer?
    private var size = 0

    init() {}

    deinit {
        if let mapping { munmap(mapping, size) }
    }

    private static let hugePage = 2 << 20

    /// At least `capacity` bytes, the same buffer as last time if it is big
    /// enough; nil if the memory is not there (the caller then declines).
    func buffer(capacity: Int) -> UnsafeMutablePointer<UInt8>? {
        if let mapping, capacity <= size { return mapping.assumingMemoryBound(to: UInt8.self) }
        if let mapping { munmap(mapping, size) }
        mapping = nil
        let wanted = max(capacity, 1 << 16)
        let rounded = (wanted + FeedOutputArena.hugePage - 1) / FeedOutputArena.hugePage * FeedOutputArena.hugePage
        guard let fresh = mmap(nil, rounded, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0), fresh != MAP_FAILED else {
            return nil
        }
        #if os(Linux)
        if rounded >= FeedOutputArena.hugePage { _ = madvise(fresh, rounded, MADV_HUGEPAGE) }
        #endif
        mapping = fresh
        size = rounded
        return fresh.assumingMemoryBound(to: UInt8.self)
    }
}
