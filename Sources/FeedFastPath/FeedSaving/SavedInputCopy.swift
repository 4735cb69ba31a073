import FeedPlatform

/// The input `FastFeedSave` checks, copied into memory of its own a stretch
/// ahead of the scan, which reads only the copy: another process may rewrite
/// a mapped input meanwhile, but what is checked, and so what is stored, is
/// the copy. Each stretch is copied just before it is scanned (it is still in
/// the cache then), and the input's pages are given back once copied.
struct SavedInputCopy {
    private let input: UnsafeMutablePointer<UInt8>
    let count: Int
    private let copy: UnsafeMutablePointer<UInt8>
    /// How far ahead of the scan the copy reaches at least (all of the input
    /// for a scan that must not meet the copy's end).
    private let ahead: Int
    private var release: InputRelease
    /// The input's bytes copied so far: `copy[0..<end]`.
    private(set) var end = 0

    static let stretch = 256 << 10

    init(_ input: UnsafeMutableBufferPointer<UInt8>, into copy: UnsafeMutablePointer<UInt8>, ahead: Int, releasing: Bool) {
        self.input = input.baseAddress ?? copy
        count = input.count
        self.copy = copy
        self.ahead = ahead
        release = InputRelease(base: self.input, from: 0, enabled: releasing)
    }

    /// Whether all of the input is in the copy.
    var isWhole: Bool { end == count }

    /// Copies on until the copy reaches `ahead` bytes past `position` (or the
    /// input's end); whether it copied anything.
    @inline(__always) mutating func cover(from position: Int) -> Bool {
        guard end - position < ahead, end < count else { return false }
        let target = min(count, position + ahead + Self.stretch)
        while end < target {
            let step = min(target - end, 4 << 20)
            (copy + end).update(from: input + end, count: step)
            end += step
            release.advance(to: end)
        }
        return true
    }
}
