/// The ids `FastFeedSave` has kept, as 128-bit numbers, in an open-addressed
/// table (zero marks a free slot; the all-zero id is kept apart): a million
/// inserts cost one memory access each where a `Set` hashes each with
/// SipHash. The slot comes from a multiply by a random odd number, so input
/// cannot be made to pile ids into one run of slots.
final class SeenIDs {
    private var slots: UnsafeMutablePointer<UInt128>
    private var capacity: Int
    private var count = 0
    private var zeroSeen = false
    private let multiplier = UInt64.random(in: 1...UInt64.max) | 1

    init() {
        capacity = 1 << 8
        slots = .allocate(capacity: capacity)
        slots.initialize(repeating: 0, count: capacity)
    }

    deinit {
        slots.deallocate()
    }

    /// Adds `id`; false if it was there already.
    func insert(_ id: UInt128) -> Bool {
        if id == 0 {
            defer { zeroSeen = true }
            return !zeroSeen
        }
        if (count + 1) * 2 > capacity { grow() }
        guard place(id, in: slots, capacity) else { return false }
        count += 1
        return true
    }

    /// Puts `id` in its slot of a table; false if it is there already.
    @inline(__always)
    private func place(_ id: UInt128, in slots: UnsafeMutablePointer<UInt128>, _ capacity: Int) -> Bool {
        let mixed = (UInt64(truncatingIfNeeded: id) ^ UInt64(truncatingIfNeeded: id >> 64)) &* multiplier
        var index = Int(truncatingIfNeeded: mixed >> 32) & (capacity - 1)
        while slots[index] != 0 {
            if slots[index] == id { return false }
            index = (index + 1) & (capacity - 1)
        }
        slots[index] = id
        return true
    }

    private func grow() {
        let larger = capacity * 2
        let table = UnsafeMutablePointer<UInt128>.allocate(capacity: larger)
        table.initialize(repeating: 0, count: larger)
        for index in 0..<capacity where slots[index] != 0 {
            _ = place(slots[index], in: table, larger)
        }
        slots.deallocate()
        slots = table
        capacity = larger
    }
}
