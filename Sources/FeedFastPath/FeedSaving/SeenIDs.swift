import FeedPlatform

/// The ids `FastFeedSave` has kept, as 128-bit numbers, in an open-addressed
/// table (zero marks a free slot; the all-zero id is kept apart): a million
/// inserts cost one memory access each where a `Set` hashes each with
/// SipHash. The slot comes from all 128 bits of the id mixed with a key
/// drawn for this run (`SlotHash`), so no choice of ids piles them into one
/// run of slots. A large table lies in
/// huge pages, and ids come in batches whose slots are all read before any
/// is placed: the reads, each a likely cache miss, then overlap.
final class SeenIDs {
    private var slots: UnsafeMutablePointer<UInt128>
    private var capacity: Int
    private var count = 0
    private var zeroSeen = false
    private let hash = SlotHash()
    /// How far a mixed id is shifted right to leave its slot: 64 less the
    /// capacity's bits (the slot is the mix's top bits).
    private var shift = 64 - SeenIDs.firstBits
    private static let firstBits = 8
    /// The table's memory, when it is a mapping of its own (a large table).
    private var mapping: UnsafeMutableRawPointer?
    /// What the batch's first reads saw: kept, so that they are not dropped
    /// as unused.
    private var touched: UInt128 = 0

    init() {
        capacity = 1 << SeenIDs.firstBits
        slots = .allocate(capacity: capacity)
        slots.initialize(repeating: 0, count: capacity)
    }

    deinit {
        release(slots, mapping, capacity)
    }

    /// Makes room for `count` ids at once, where the table would otherwise
    /// double its way there: each doubling moves every id again and gives a
    /// large mapping back (which stops the other threads a moment).
    func reserve(_ count: Int) {
        var larger = capacity
        while count * 2 > larger { larger *= 2 }
        if larger > capacity { grow(to: larger) }
    }

    /// Adds `id`, whose slot is `home`; false if it was there already.
    @inline(__always) private func insert(_ id: UInt128, at home: Int) -> Bool {
        if id == 0 {
            defer { zeroSeen = true }
            return !zeroSeen
        }
        guard place(id, at: home, in: slots, capacity) else { return false }
        count += 1
        return true
    }

    /// Adds each of `ids` in order; for each, whether it was new (false for
    /// one there already, or earlier in the batch). Each id is mixed once:
    /// its slot read ahead, then used to place it.
    func insert(batch ids: UnsafeBufferPointer<UInt128>, into kept: UnsafeMutableBufferPointer<Bool>) {
        reserve(count + ids.count)
        withUnsafeTemporaryAllocation(of: Int.self, capacity: ids.count) { homes in
            var seen: UInt128 = 0
            for (index, id) in ids.enumerated() {
                homes[index] = slot(of: id, shift)
                seen |= slots[homes[index]]
            }
            touched = seen
            for (index, id) in ids.enumerated() { kept[index] = insert(id, at: homes[index]) }
        }
    }

    @inline(__always) private func slot(of id: UInt128, _ shift: Int) -> Int {
        Int(truncatingIfNeeded: hash.mix(id) >> UInt64(truncatingIfNeeded: shift))
    }

    /// Puts `id` in a table, from slot `home` on; false if it is there already.
    @inline(__always)
    private func place(_ id: UInt128, at home: Int, in slots: UnsafeMutablePointer<UInt128>, _ capacity: Int) -> Bool {
        var index = home
        while slots[index] != 0 {
            if slots[index] == id { return false }
            index = (index + 1) & (capacity - 1)
        }
        slots[index] = id
        return true
    }

    /// How far each id lies past its own slot (one probe each beyond the
    /// first when it is looked up): the sum over the table and the longest.
    /// What the tests of `SlotHash` measure.
    func displacements() -> (total: Int, longest: Int) {
        var total = 0, longest = 0
        for index in 0..<capacity where slots[index] != 0 {
            let distance = (index - slot(of: slots[index], shift)) & (capacity - 1)
            total += distance
            longest = max(longest, distance)
        }
        return (total, longest)
    }

    private func grow(to larger: Int? = nil) {
        let larger = larger ?? capacity * 2
        let bytes = larger * MemoryLayout<UInt128>.stride
        // A fresh mapping is zeros already; huge pages from 2 MiB on.
        let mapped = bytes >= 2 << 20 ? try? MemoryMapping.anonymous(length: bytes, hugePages: true) : nil
        let table: UnsafeMutablePointer<UInt128>
        if let mapped {
            table = mapped.bindMemory(to: UInt128.self, capacity: larger)
        } else {
            table = .allocate(capacity: larger)
            table.initialize(repeating: 0, count: larger)
        }
        let largerShift = 64 - larger.trailingZeroBitCount
        for index in 0..<capacity where slots[index] != 0 {
            _ = place(slots[index], at: slot(of: slots[index], largerShift), in: table, larger)
        }
        release(slots, mapping, capacity)
        (slots, mapping, capacity, shift) = (table, mapped, larger, largerShift)
    }

    private func release(_ slots: UnsafeMutablePointer<UInt128>, _ mapping: UnsafeMutableRawPointer?, _ capacity: Int) {
        if let mapping {
            MemoryMapping.unmap(mapping, length: capacity * MemoryLayout<UInt128>.stride)
        } else {
            slots.deallocate()
        }
    }
}
