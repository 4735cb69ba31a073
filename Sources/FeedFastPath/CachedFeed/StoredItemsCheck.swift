import FeedCore

/// The first pass of `CachedFeedItems` for `image missing` (`notingStoredItems`):
/// each item checked as `save` stores it (`SavedItemScan`) where it reads
/// back to its own bytes, else as `CachedItemsCheck` checks it, noting where
/// each ends and which it is, so that the second pass only copies. No more
/// notes than `mostNotes` (past it, none: the second pass checks again).
struct StoredItemsCheck: ItemTally {
    private let mostNotes: Int
    /// Where each item ends, in order; negated for an item to be read by the
    /// reference reader (one `save` would not store as it stands). Nil past
    /// the limit.
    private(set) var ends: [Int]? = []
    private(set) var items = CachedItemsCheck()
    private var scan = SavedItemScan()

    init(mostNotes: Int) {
        self.mostNotes = mostNotes
    }

    mutating func item(_ scanner: inout JSONScanner) -> Bool {
        var probe = scanner
        let stored = scan.scan(&probe) != nil
        if stored {
            scanner = probe
            items.countStored()
        } else {
            guard items.item(&scanner) else { return false }
        }
        if ends != nil {
            if ends?.count ?? 0 < mostNotes { ends?.append(stored ? scanner.index : -scanner.index) } else { ends = nil }
        }
        return true
    }

    mutating func append(_ later: StoredItemsCheck) {
        items.append(later.items)
        guard let mine = ends, let theirs = later.ends else {
            ends = nil
            return
        }
        ends = mine + theirs
    }
}
