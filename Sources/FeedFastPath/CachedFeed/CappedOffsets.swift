/// Offsets a first pass over a cached document notes for its second: at most
/// a tenth of the document's size in words; past that, none (the second pass
/// then finds its way again, as it would without notes).
struct CappedOffsets {
    private let most: Int
    /// In order; nil past the limit.
    private(set) var offsets: [Int]? = []

    /// For a share (1 for the whole, 2 for each half) of a document of `documentCount` bytes.
    init(documentCount: Int, shares: Int) {
        most = documentCount / (10 * MemoryLayout<Int>.stride) / shares
    }

    mutating func note(_ offset: Int) {
        guard offsets != nil else { return }
        if offsets?.count ?? 0 < most { offsets?.append(offset) } else { offsets = nil }
    }

    /// Adds the notes of the share after this one.
    mutating func append(_ later: CappedOffsets) {
        guard let mine = offsets, let theirs = later.offsets else {
            offsets = nil
            return
        }
        offsets = mine + theirs
    }
}
