import XCTest
@testable import FeedFastPath

/// Ids chosen to collide cost what random ids cost: the id table's probes
/// (how far each id lies past its own slot, summed and at most) for 100,000
/// ids of each shape an attacker would try, against 100,000 random ids in a
/// table of the same size. Counted, not timed.
final class SeenIDsFloodingTests: XCTestCase {
    private static let count = 100_000

    func test_idsWithEqualHalves_probeAsRandomIDsDo() {
        // The shape that shared one slot: the halves cancelled in a xor fold.
        assertProbesAsRandom { i in UInt128(i) << 64 | UInt128(i) }
    }

    func test_idsDifferingOnlyInTheHighHalf_probeAsRandomIDsDo() {
        assertProbesAsRandom { i in UInt128(i) << 64 | 0x8000_0000_0000_0000 }
    }

    func test_idsDifferingOnlyInTheLowHalf_probeAsRandomIDsDo() {
        assertProbesAsRandom { i in 0x0000_0000_0000_4000 << 64 | UInt128(i) }
    }

    func test_idsWhoseHalvesXorToOneValue_probeAsRandomIDsDo() {
        assertProbesAsRandom { i in
            let high = UInt64(i) &* 0x9E37_79B9_7F4A_7C15
            return UInt128(high) << 64 | UInt128(high ^ 0x0123_4567_89AB_CDEF)
        }
    }

    func test_idsDifferingOnlyInTheTopBitsOfEitherHalf_probeAsRandomIDsDo() {
        // Above the bits a multiply-shift takes its slot from, or that a
        // product's top bits never see from the other half.
        assertProbesAsRandom { i in UInt128(UInt64(i) << 47) }
        assertProbesAsRandom { i in UInt128(UInt64(i) << 47) << 64 | 1 }
        assertProbesAsRandom { i in UInt128(i) << 111 | UInt128(i) << 47 }
    }

    func test_idsInArithmeticProgression_probeAsRandomIDsDo() {
        // Evenly spaced ids, across the halves and within one: the shape a
        // bare multiply leaves evenly spaced, where linear probing runs long.
        assertProbesAsRandom { i in UInt128(i) &* (1 << 32) }
        assertProbesAsRandom { i in UInt128(i) &* 0x0000_0001_0000_0000_0000_0001_0000_0000 }
        assertProbesAsRandom { i in UInt128(i) &* 0x9E37_79B9_7F4A_7C15_F39C_C060_5CED_C835 }
    }

    func test_countedVersion4UUIDs_probeAsRandomIDsDo() {
        // `xxxxxxxx-0000-4000-8000-yyyyyyyyyyyy` with counters, as generators write them.
        assertProbesAsRandom { i in
            UInt128(UInt64(i) << 32 | 0x4000) << 64 | UInt128(0x8000 << 48 | UInt64(i) &* 7)
        }
    }

    func test_idsKeptTwice_areFoundAgain() {
        // The table still answers: each crafted id new once, then seen.
        let table = SeenIDs()
        let ids = (1...Self.count).map { UInt128($0) << 64 | UInt128($0) }
        XCTAssertEqual(insert(ids, into: table), Self.count)
        XCTAssertEqual(insert(ids, into: table), 0)
    }

    // MARK: - Measuring

    /// The probes of `count` ids made by `id` stay within a small factor of
    /// random ids' in a table of the same size: twice the sum, three times
    /// the longest run (random ids at this load: about 0.3 a probe each, and
    /// runs of about 20).
    private func assertProbesAsRandom(file: StaticString = #filePath, line: UInt = #line, _ id: (Int) -> UInt128) {
        let random = Self.random
        let crafted = probes((1...Self.count).map(id))
        XCTAssertLessThanOrEqual(crafted.total, 2 * random.total, "the sum of probes past each id's slot", file: file, line: line)
        XCTAssertLessThanOrEqual(crafted.longest, 3 * random.longest, "the longest probe run", file: file, line: line)
    }

    /// Random ids' probes, measured once for the class (each table has keys of its own).
    private static let random: (total: Int, longest: Int) = {
        var generator = SystemRandomNumberGenerator()
        return probes((0..<count).map { _ in UInt128.random(in: 1...UInt128.max, using: &generator) })
    }()

    private func probes(_ ids: [UInt128]) -> (total: Int, longest: Int) { Self.probes(ids) }

    private static func probes(_ ids: [UInt128]) -> (total: Int, longest: Int) {
        let table = SeenIDs()
        XCTAssertEqual(insert(ids, into: table), Set(ids).count, "every distinct id kept")
        return table.displacements()
    }

    private func insert(_ ids: [UInt128], into table: SeenIDs) -> Int { Self.insert(ids, into: table) }

    /// `ids` into `table` in the batches the scan gives it; how many were new.
    private static func insert(_ ids: [UInt128], into table: SeenIDs) -> Int {
        var kept = [Bool](repeating: false, count: 32), new = 0
        for start in stride(from: 0, to: ids.count, by: 32) {
            let batch = Array(ids[start..<min(start + 32, ids.count)])
            batch.withUnsafeBufferPointer { batch in
                kept.withUnsafeMutableBufferPointer { kept in table.insert(batch: batch, into: kept) }
            }
            new += kept.prefix(batch.count).filter { $0 }.count
        }
        return new
    }
}
