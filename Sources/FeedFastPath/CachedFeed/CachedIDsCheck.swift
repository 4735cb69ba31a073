import FeedCore

/// The first pass of `CachedFeedIDs`: checks the whole document (two
/// threads for a large one: `SplitItemCheck`) and notes where each id
/// starts (`CappedOffsets`).
struct CachedIDsCheck: ItemTally {
    private(set) var starts: CappedOffsets

    /// Each id's offset, in order, or nil past the limit; nil for a
    /// document it does not take.
    static func run(_ base: UnsafeMutablePointer<UInt8>, count: Int) -> [Int]?? {
        let checked = SplitItemCheck.document(base, count: count) { CachedIDsCheck(starts: CappedOffsets(documentCount: count, shares: $0)) }
        return checked.map { $0.tally.starts.offsets }
    }

    mutating func item(_ cursor: inout StoredEnvelope.Cursor) -> Bool {
        guard let id = CachedFeedIDs.itemID(&cursor) else { return false }
        starts.note(id.start)
        return true
    }

    mutating func append(_ later: CachedIDsCheck) {
        starts.append(later.starts)
    }
}
