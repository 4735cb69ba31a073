import Dispatch
import FeedCore

/// The first pass over a cached document's items, from the array's first
/// item to the document's end (`]}`, then only white space). A large one is
/// checked by two threads, split at an item boundary near its middle, as
/// feed-map splits a payload: the first thread's scan, from the true start,
/// decides whether the split was a boundary, and checks the whole alone
/// where it was not.
enum SplitItemCheck {
    /// A cached document's items (`{"items":[…]}`, then only white space):
    /// their tally, and where the first one starts (nil when there is none);
    /// nil if anything is not taken. `tally` makes one for a share: 1 for
    /// the whole, 2 for each half.
    static func document<Tally: ItemTally>(_ base: UnsafeMutablePointer<UInt8>, count: Int,
                                           tally: (_ shares: Int) -> Tally) -> (tally: Tally, first: Int?)? {
        var scanner = JSONScanner(base, from: 0, to: count)
        guard scanner.consume(0x7B), let key = scanner.string(), scanner.span(key, is: "items"),
              scanner.consume(0x3A), scanner.consume(0x5B) else { return nil }
        if scanner.consume(0x5D) {
            guard scanner.consume(0x7D) else { return nil }
            scanner.skipWhitespace()
            return scanner.atEnd ? (tally(1), nil) : nil
        }
        scanner.skipWhitespace()
        let first = scanner.index
        return run(base, count: count, itemsStart: first, tally: tally).map { ($0, first) }
    }

    /// The tally of every item from `itemsStart`, or nil if anything is not
    /// taken.
    private static func run<Tally: ItemTally>(_ base: UnsafeMutablePointer<UInt8>, count: Int, itemsStart: Int,
                                      tally: (_ shares: Int) -> Tally) -> Tally? {
        let split = count >= FeedPayloadMapper.splitThreshold
            ? PayloadSplit.find(base, in: itemsStart..<count, boundary: JSONScanner.itemBoundary) : nil
        let tail = Tail(base: base, count: count, tally: tally(2))
        let tailDone = DispatchGroup()
        if let split {
            DispatchQueue.global().async(group: tailDone) { tail.run(from: split + 1) }
        }
        var scanner = JSONScanner(base, from: itemsStart, to: count)
        var first = tally(split == nil ? 1 : 2)
        var end = items(&scanner, into: &first, split: split)
        tailDone.wait()
        if end == .overflowed {
            scanner = JSONScanner(base, from: itemsStart, to: count)
            first = tally(1)
            end = items(&scanner, into: &first, split: nil)
        }
        switch end {
        case .complete:
            return first
        case .reachedSplit:
            guard tail.end == .complete else { return nil }
            first.append(tail.tally)
            return first
        case .failed, .overflowed:
            return nil
        }
    }

    private enum ItemsEnd { case complete, reachedSplit, overflowed, failed }

    /// Items from the scanner's position to the document's end; with
    /// `split`, stops at the comma there if it is one between two items,
    /// `.overflowed` if an item runs past it.
    private static func items<Tally: ItemTally>(_ scanner: inout JSONScanner, into tally: inout Tally, split: Int?) -> ItemsEnd {
        repeat {
            scanner.skipWhitespace()
            guard scanner.peek() == 0x7B, tally.item(&scanner) else { return .failed }
            if let split {
                scanner.skipWhitespace()
                if scanner.index >= split { return scanner.index == split ? .reachedSplit : .overflowed }
            }
        } while scanner.consume(0x2C)
        guard scanner.consume(0x5D), scanner.consume(0x7D) else { return .failed }
        scanner.skipWhitespace()
        return scanner.atEnd ? .complete : .failed
    }

    /// The second thread's share, from the item after the split to the end;
    /// the first thread waits for it before reading what it found.
    private final class Tail<Tally: ItemTally>: @unchecked Sendable {
        let base: UnsafeMutablePointer<UInt8>
        let count: Int
        var tally: Tally
        var end = ItemsEnd.failed

        init(base: UnsafeMutablePointer<UInt8>, count: Int, tally: Tally) {
            self.base = base
            self.count = count
            self.tally = tally
        }

        func run(from start: Int) {
            var scanner = JSONScanner(base, from: start, to: count)
            end = SplitItemCheck.items(&scanner, into: &tally, split: nil)
        }
    }
}
