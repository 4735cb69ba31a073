import FeedCore

/// The first pass of `CachedFeedItems` for `image missing` (`notingStoredItems`):
/// each item checked as `save` stores it (`SavedItemScan`) where it reads
/// back to its own bytes, else as `CachedItemsCheck` checks it, noting where
/// each ends and which it is (`CappedOffsets`), so that the second pass
/// only copies.
struct StoredItemsCheck: ItemTally {
    /// Where each item ends, in order; negated for an item to be read by the
    /// reference reader (one `save` would not store as it stands).
    private(set) var ends: CappedOffsets
    private(set) var items = CachedItemsCheck()
    private var scan = SavedItemScan()

    init(ends: CappedOffsets) {
        self.ends = ends
    }

    mutating func item(_ cursor: inout StoredEnvelope.Cursor) -> Bool {
        var probe = cursor.scanner
        let stored = scan.scan(&probe) != nil
        if stored {
            cursor.scanner = probe
            items.countStored()
        } else {
            guard items.item(&cursor) else { return false }
        }
        ends.note(stored ? cursor.index : -cursor.index)
        return true
    }

    mutating func append(_ later: StoredItemsCheck) {
        items.append(later.items)
        ends.append(later.ends)
    }
}
