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
        if let mapping { MemoryMapping.unmap(mapping, length: size) }
    }

    private static let hugePage = 2 << 20

    /// At least `capacity` bytes, the same buffer as last time if it is big
    /// enough; nil if the memory is not there (the caller then declines).
    func buffer(capacity: Int) -> UnsafeMutablePointer<UInt8>? {
        if let mapping, capacity <= size { return mapping.assumingMemoryBound(to: UInt8.self) }
        if let mapping { MemoryMapping.unmap(mapping, length: size) }
        mapping = nil
        let wanted = max(capacity, 1 << 16)
        let rounded = MemoryMapping.roundedUp(wanted, toMultipleOf: FeedOutputArena.hugePage)
        guard let fresh = try? MemoryMapping.anonymous(length: rounded, hugePages: rounded >= FeedOutputArena.hugePage) else {
            return nil
        }
        mapping = fresh
        size = rounded
        return fresh.assumingMemoryBound(to: UInt8.self)
    }
}
