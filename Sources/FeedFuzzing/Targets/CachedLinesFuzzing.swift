import FeedCore
import FeedComposition

/// Differential: `load --format jsonl|tsv` read where the cached document
/// stands (`FastFeedPaths.writeLines`) against the reference (`OutputFormat`'s
/// lines of `CachedBytes.feedItems`): what it takes, the reference reads,
/// and the lines are the reference's byte for byte; what it declines it
/// declines having written nothing.
enum CachedLinesFuzzing {
    static let name = "cached-lines"
    private static let expect = FuzzCheck(target: name)

    static func check(_ input: [UInt8]) throws(FuzzFinding) {
        for format in OutputFormat.itemLines {
            var lines: [UInt8] = []
            var declined = false
            do {
                try input.withUnsafeBytes { bytes in
                    try FastPathInstallation.fastPaths.writeLines(of: bytes, as: format, write: { lines += $0 }, reference: { declined = true })
                }
            } catch {
                throw expect.fail("its two passes disagreed over bytes nobody changed")
            }
            guard !declined else {
                try expect.require(lines.isEmpty, "wrote \(format) lines before declining")
                continue
            }
            guard let reference = try? CachedBytes(input).feedItems() else { throw expect.fail("took what the reference cannot read") }
            try expect.require(lines == format.feedLines(reference), "wrote other \(format) lines than the reference")
        }
    }
}
