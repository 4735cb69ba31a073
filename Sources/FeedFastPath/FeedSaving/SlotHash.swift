/// The mix that places an id in `SeenIDs`: all 128 bits of it, under a key
/// drawn from the system's random source for each table, so that the ids a
/// feed holds cannot be chosen to share slots (hash flooding).
///
/// First a multiply-add over the id's two 64-bit halves with 128-bit keys,
/// `(k₁·low + k₂·high + k₃) mod 2¹²⁸`, whose top 64 bits two different ids
/// share with a chance of about 2⁻⁶³ over the keys, whatever the ids
/// (Dietzfelbinger's multiply-add-shift); then a fixed xorshift-multiply of
/// those 64 bits, one to one, so that ids in arithmetic progression (the
/// shape counters and equal halves give) land as scattered as random ones:
/// linear probing is slow on the evenly spaced runs a bare multiply leaves.
/// The slot is the top bits of the result.
struct SlotHash {
    private let low: UInt128
    private let high: UInt128
    private let offset: UInt128

    init() {
        var generator = SystemRandomNumberGenerator()
        self.init(low: .random(in: 0...UInt128.max, using: &generator),
                  high: .random(in: 0...UInt128.max, using: &generator),
                  offset: .random(in: 0...UInt128.max, using: &generator))
    }

    /// A hash of given keys (tests); `init()` draws them.
    init(low: UInt128, high: UInt128, offset: UInt128) {
        (self.low, self.high, self.offset) = (low, high, offset)
    }

    /// 64 bits of `id` mixed: its slot in a table of 2ⁿ is the top n.
    @inline(__always) func mix(_ id: UInt128) -> UInt64 {
        let sum = low &* (id & UInt128(UInt64.max)) &+ high &* (id >> 64) &+ offset
        var mixed = UInt64(truncatingIfNeeded: sum >> 64)
        mixed ^= mixed >> 32
        mixed &*= 0xD6E8_FEB8_6659_FD93
        return mixed ^ (mixed >> 32)
    }
}
