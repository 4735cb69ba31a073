import FeedCore

/// The first pass of `CachedFeedIDs`: checks the whole document (two
/// threads for a large one: `SplitItemCheck`) and notes where each id
/// starts, no more offsets than `mostOffsets` (past it, none: the second
/// pass then walks again).
struct CachedIDsCheck: ItemTally {
    private let mostOffsets: Int
    /// Each id's offset, in order; nil past the limit.
    private(set) var offsets: [Int]? = []

    private init(mostOffsets: Int) {
        self.mostOffsets = mostOffsets
    }

    enum Outcome: Equatable {
        case invalid
        case valid(offsets: [Int]?)
    }

    static func run(_ base: UnsafeMutablePointer<UInt8>, count: Int, mostOffsets: Int) -> Outcome {
        var scanner = JSONScanner(base, from: 0, to: count)
        guard scanner.consume(0x7B), let key = scanner.string(), !key.escaped, scanner.span(key, is: "items"),
              scanner.consume(0x3A), scanner.consume(0x5B) else { return .invalid }
        if scanner.consume(0x5D) {
            guard scanner.consume(0x7D) else { return .invalid }
            scanner.skipWhitespace()
            return scanner.atEnd ? .valid(offsets: []) : .invalid
        }
        let checked = SplitItemCheck.run(base, count: count, itemsStart: scanner.index) { shares in
            CachedIDsCheck(mostOffsets: mostOffsets / shares)
        }
        guard let checked else { return .invalid }
        return .valid(offsets: checked.offsets)
    }

    mutating func item(_ scanner: inout JSONScanner) -> Bool {
        guard let id = CachedFeedIDs.itemID(&scanner) else { return false }
        if offsets != nil {
            if offsets?.count ?? 0 < mostOffsets { offsets?.append(id.start) } else { offsets = nil }
        }
        return true
    }

    mutating func append(_ later: CachedIDsCheck) {
        guard let mine = offsets, let theirs = later.offsets else {
            offsets = nil
            return
        }
        offsets = mine + theirs
    }
}
