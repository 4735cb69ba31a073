import Dispatch
import FeedCore

/// The first pass of `CachedFeedIDs`: checks the whole document and notes
/// where each id starts (no offsets past `mostOffsets`: the second pass then
/// walks again). A large document is checked by two threads, split at an
/// item boundary near its middle, as feed-map splits a payload; the first
/// thread's scan decides whether the split was a boundary at all.
enum CachedIDsCheck {
    enum Outcome: Equatable {
        case invalid
        /// Valid; each id's offset, in order, or nil past the limit.
        case valid(offsets: [Int]?)
    }

    static func run(_ base: UnsafeMutablePointer<UInt8>, count: Int, mostOffsets: Int) -> Outcome {
        var scanner = JSONScanner(base, from: 0, to: count)
        guard scanner.consume(0x7B), let key = scanner.string(), !key.escaped, scanner.span(key, is: "items"),
              scanner.consume(0x3A), scanner.consume(0x5B) else { return .invalid }
        if scanner.consume(0x5D) { return closes(&scanner) ? .valid(offsets: []) : .invalid }
        let itemsStart = scanner.index
        let split = count >= FeedPayloadMapper.splitThreshold
            ? PayloadSplit.find(base, in: itemsStart..<count, boundary: JSONScanner.itemBoundary) : nil
        let tail = Tail(base: base, count: count, mostOffsets: mostOffsets / 2)
        let tailDone = DispatchGroup()
        if let split {
            DispatchQueue.global().async(group: tailDone) { tail.run(from: split + 1) }
        }
        var offsets: [Int]? = []
        var end = items(&scanner, offsets: &offsets, mostOffsets: split == nil ? mostOffsets : mostOffsets / 2, split: split)
        tailDone.wait()
        if end == .overflowed {
            // The split was inside an item: the whole once more, alone.
            scanner = JSONScanner(base, from: itemsStart, to: count)
            offsets = []
            end = items(&scanner, offsets: &offsets, mostOffsets: mostOffsets, split: nil)
        }
        switch end {
        case .complete:
            return .valid(offsets: offsets)
        case .reachedSplit:
            guard tail.end == .complete else { return .invalid }
            guard let first = offsets, let second = tail.offsets else { return .valid(offsets: nil) }
            return .valid(offsets: first + second)
        case .failed, .overflowed:
            return .invalid
        }
    }

    enum ItemsEnd { case complete, reachedSplit, overflowed, failed }

    /// Items from the scanner's position to the document's end (`]}`, white
    /// space); with `split`, stops at the comma there if it is one between
    /// items, `.overflowed` if an item runs past it.
    static func items(_ scanner: inout JSONScanner, offsets: inout [Int]?, mostOffsets: Int, split: Int?) -> ItemsEnd {
        repeat {
            guard let id = CachedFeedIDs.itemID(&scanner) else { return .failed }
            if offsets != nil {
                if offsets?.count ?? 0 < mostOffsets { offsets?.append(id.start) } else { offsets = nil }
            }
            if let split {
                scanner.skipWhitespace()
                if scanner.index >= split { return scanner.index == split ? .reachedSplit : .overflowed }
            }
        } while scanner.consume(0x2C)
        guard scanner.consume(0x5D) else { return .failed }
        return closes(&scanner) ? .complete : .failed
    }

    /// `}` and nothing but white space after it.
    private static func closes(_ scanner: inout JSONScanner) -> Bool {
        guard scanner.consume(0x7D) else { return false }
        scanner.skipWhitespace()
        return scanner.atEnd
    }

    /// The second thread's share, from the item after the split to the end;
    /// the first thread waits for it before reading what it found.
    private final class Tail: @unchecked Sendable {
        let base: UnsafeMutablePointer<UInt8>
        let count: Int
        let mostOffsets: Int
        var end = ItemsEnd.failed
        var offsets: [Int]? = []

        init(base: UnsafeMutablePointer<UInt8>, count: Int, mostOffsets: Int) {
            self.base = base
            self.count = count
            self.mostOffsets = mostOffsets
        }

        func run(from start: Int) {
            var scanner = JSONScanner(base, from: start, to: count)
            end = CachedIDsCheck.items(&scanner, offsets: &offsets, mostOffsets: mostOffsets, split: nil)
        }
    }
}
