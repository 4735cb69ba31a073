import FeedCore

/// The first pass over a cached document's items, from the array's first
/// item to the document's end (`StoredEnvelope`). A large one is checked by
/// two threads (`TwoThreadSplit`), split at an item boundary near its middle.
///
/// Held by the large documents of `CachedFeedIDsDifferentialTests` and
/// `CachedFeedItemsDifferentialTests` (the split starts beyond the fuzzers' inputs).
enum SplitItemCheck {
    typealias Cursor = StoredEnvelope.Cursor

    /// A cached document's items: their tally, and where the first one
    /// starts (nil when there is none); nil if anything is not taken.
    /// `tally` makes one for a share: 1 for the whole, 2 for each half.
    static func document<Tally: ItemTally>(_ base: UnsafeMutablePointer<UInt8>, count: Int,
                                           tally: (_ shares: Int) -> Tally) -> (tally: Tally, first: Int?)? {
        var cursor = StoredEnvelope.cursor(base, count: count)
        guard let any = StoredEnvelope.enter(&cursor) else { return nil }
        guard any else { return (tally(1), nil) }
        let first = cursor.index
        let tail = Tail(base: base, count: count, tally: tally(2))
        var head = tally(1)
        let end = TwoThreadSplit.run(base, first..<count, boundary: JSONScanner.itemBoundary, tail: tail) { split in
            var share = StoredEnvelope.amongItems(base, at: first, count: count)
            head = tally(split == nil ? 1 : 2)
            return items(&share, into: &head, split: split)
        }
        switch end {
        case .complete:
            return (head, first)
        case .reachedSplit:
            guard tail.end == .complete else { return nil }
            head.append(tail.tally)
            return (head, first)
        case .failed, .overflowed:
            return nil
        }
    }

    /// Items from the cursor to the document's end; with `split`, stops at
    /// the comma there if it is one between two items, `.overflowed` if an
    /// item runs past it.
    private static func items<Tally: ItemTally>(_ cursor: inout Cursor, into tally: inout Tally, split: Int?) -> ShareEnd {
        while true {
            guard cursor.next() == 0x7B, tally.item(&cursor) else { return .failed }
            if let split {
                _ = cursor.next()
                if cursor.index >= split { return cursor.index == split ? .reachedSplit : .overflowed }
            }
            guard let more = cursor.nextElement() else { return .failed }
            if !more { break }
        }
        return StoredEnvelope.close(&cursor) ? .complete : .failed
    }

    /// The second thread's share, from the item after the split to the end;
    /// the first thread waits for it before reading what it found.
    private final class Tail<Tally: ItemTally>: SplitTail, @unchecked Sendable {
        let base: UnsafeMutablePointer<UInt8>
        let count: Int
        let abandoned = StopSignal()
        var tally: Tally
        var end = ShareEnd.failed

        init(base: UnsafeMutablePointer<UInt8>, count: Int, tally: Tally) {
            (self.base, self.count, self.tally) = (base, count, tally)
        }

        func run(from split: Int) {
            var cursor = StoredEnvelope.amongItems(base, at: split + 1, count: count)
            end = SplitItemCheck.items(&cursor, into: &tally, split: nil)
        }
    }
}
