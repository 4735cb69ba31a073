/// The mix that places an id in `SeenIDs`: all 128 bits of it, under keys
/// drawn from the system's random source for each table, so that the ids a
/// feed holds cannot be chosen to share slots (hash flooding).
///
/// Each 64-bit half is offset by a key of its own and the two multiplied,
/// the whole 128-bit product folded to 64 bits (the keyed multiply of
/// UMAC's NH and of wyhash): no half cancels the other, and which ids meet
/// depends on keys the feed never sees. A fixed xorshift-multiply, one to
/// one, then scatters ids in arithmetic progression (the shape counters and
/// equal halves give) as random ones are: linear probing runs long on the
/// evenly spaced slots a bare multiply leaves. The slot is the top bits of
/// the result.
struct SlotHash {
    private let low: UInt64
    private let high: UInt64

    init() {
        var generator = SystemRandomNumberGenerator()
        self.init(low: generator.next(), high: generator.next())
    }

    /// A hash of given keys; `init()` draws them.
    init(low: UInt64, high: UInt64) {
        (self.low, self.high) = (low, high)
    }

    /// 64 bits of `id` mixed: its slot in a table of 2ⁿ is the top n.
    @inline(__always) func mix(_ id: UInt128) -> UInt64 {
        let product = (UInt64(truncatingIfNeeded: id) &+ low).multipliedFullWidth(by: UInt64(truncatingIfNeeded: id >> 64) &+ high)
        var mixed = product.high ^ product.low
        mixed ^= mixed >> 32
        mixed &*= 0xD6E8_FEB8_6659_FD93
        return mixed ^ (mixed >> 32)
    }
}
