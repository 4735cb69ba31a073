import Dispatch
import FeedPlatform

/// The one way a large text is read by two threads (feed-map's payload,
/// the cached document's first pass): split at what looks like a boundary
/// between two items near the middle, the second share read on another
/// thread while this one reads the first. Only the first share, read from
/// the true start, can tell whether the split was a boundary; where it was
/// not, the whole is read again, alone.
enum TwoThreadSplit {
    /// Texts this large are split.
    static let threshold = 1 << 22

    /// Reads `range`: `first(split)` on this thread, from the start up to
    /// `split` (nil: to the end), while `tail` reads from `split` on
    /// another. A first share that ends before the split abandons the tail;
    /// one that ran past it (`overflowed`) is read again alone.
    static func run<Tail: SplitTail>(_ base: UnsafeMutablePointer<UInt8>, _ range: Range<Int>, boundary: StaticString,
                                     tail: Tail, first: (_ split: Int?) -> ShareEnd) -> ShareEnd {
        let split = range.count >= threshold ? find(base, in: range, boundary: boundary) : nil
        let tailDone = DispatchGroup()
        if let split {
            DispatchQueue.global().async(group: tailDone) { tail.run(from: split) }
        }
        var end = first(split)
        if end != .reachedSplit { tail.abandoned.raise() }
        tailDone.wait()
        if end == .overflowed, split != nil { end = first(nil) }
        return end
    }

    /// `boundary` (a comma then an object's start, as the text spells it)
    /// at or after the middle of the range: where the comma is.
    static func find(_ base: UnsafeMutablePointer<UInt8>, in range: Range<Int>, boundary: StaticString) -> Int? {
        let length = boundary.utf8CodeUnitCount
        var position = range.lowerBound + range.count / 2
        let limit = range.upperBound - length
        while position < limit {
            guard let found = memchr(base + position, 0x2C, limit - position) else { return nil }
            let comma = UnsafeMutableRawPointer(found).assumingMemoryBound(to: UInt8.self) - base
            if memcmp(base + comma, boundary.utf8Start, length) == 0 { return comma }
            position = comma + 1
        }
        return nil
    }
}

/// How a share of a split reading ended.
enum ShareEnd {
    /// The first share read to the text's end: no split, or one past the text.
    case complete
    /// The first share stopped at the split, a boundary between two items.
    case reachedSplit
    /// An item ran past the split: it was no boundary.
    case overflowed
    case failed
}

/// The second thread's share: it reads from the split to the end, and may
/// be told it is not wanted.
protocol SplitTail: AnyObject, Sendable {
    var abandoned: StopSignal { get }
    func run(from split: Int)
}
