import FeedCore
import FeedComposition

/// Differential: `load --format ids` streamed from the cached document's
/// bytes (the fast paths' `writeIDs`) against the reference reading (`feedItems`, each
/// item's `id` as a string). What it takes, the reference writes the same
/// lines for; what it declines, it declines with nothing written.
enum CachedIDsFuzzing {
    static let name = "cached-ids"
    private static let expect = FuzzCheck(target: name)

    static func check(_ input: [UInt8]) throws(FuzzFinding) {
        var written: [UInt8] = []
        var declined = false
        do {
            try input.withUnsafeBytes { bytes in
                try FastPathInstallation.fastPaths.writeIDs(of: bytes, write: { written += $0 }, reference: { declined = true })
            }
        } catch {
            throw expect.fail("its two passes disagree")
        }
        guard !declined else {
            try expect.require(written.isEmpty, "declined after writing")
            return
        }
        guard let items = try? CachedBytes(input).feedItems() else { throw expect.fail("took what the reference cannot read") }
        var lines: [UInt8] = []
        for item in items {
            guard let id = item[FeedItemField.id.name]?.stringValue else { throw expect.fail("took an item the reference finds no id in") }
            lines += id.utf8
            lines.append(0x0A)
        }
        try expect.require(written == lines, "wrote other lines than the reference")
    }
}
