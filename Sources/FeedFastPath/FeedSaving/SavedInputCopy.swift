import FeedPlatform

/// The input `FastFeedSave` checks, copied into memory of its own a stretch
/// ahead of the scan, which reads only the copy: another process may rewrite
/// a mapped input meanwhile, but what is checked, and so what is stored, is
/// the copy. A small input is copied by the scanning thread, each stretch
/// just before it is scanned (it is still in the cache then); a large one by
/// another thread (`SavedInputCopier`), which keeps ahead. Either way the
/// input's pages are given back once copied.
struct SavedInputCopy {
    private let input: UnsafeMutablePointer<UInt8>
    let count: Int
    private let copy: UnsafeMutablePointer<UInt8>
    /// How far ahead of the scan the copy reaches at least (all of the input
    /// for a scan that must not meet the copy's end).
    private let ahead: Int
    private var release: InputRelease
    /// For a large input: the thread that copies it.
    private let copier: SavedInputCopier?
    /// The input's bytes copied so far: `copy[0..<end]`.
    private(set) var end = 0

    static let stretch = 256 << 10
    /// An input this large is copied by a thread of its own.
    private static let copiedApartFrom = 16 << 20

    init(_ input: UnsafeMutableBufferPointer<UInt8>, into copy: UnsafeMutablePointer<UInt8>, ahead: Int, releasing: Bool) {
        self.input = input.baseAddress ?? copy
        count = input.count
        self.copy = copy
        self.ahead = ahead
        release = InputRelease(base: self.input, from: 0, enabled: releasing)
        copier = count >= Self.copiedApartFrom ? SavedInputCopier(self.input, into: copy, count: count, releasing: releasing) : nil
    }

    /// Whether all of the input is in the copy.
    var isWhole: Bool { end == count }

    /// Copies on (or waits for the copier) until the copy reaches `ahead`
    /// bytes past `position` (or the input's end); whether it grew.
    @inline(__always) mutating func cover(from position: Int) -> Bool {
        guard end - position < ahead, end < count else { return false }
        let target = min(count, position + ahead + Self.stretch)
        if let copier {
            end = copier.wait(until: target)
            return true
        }
        while end < target {
            let step = min(target - end, 4 << 20)
            (copy + end).update(from: input + end, count: step)
            end += step
            release.advance(to: end)
        }
        return true
    }

    /// No more copying: the input and the copy's memory may go.
    func finish() {
        copier?.finish()
    }
}
