import FeedCore
import FeedComposition
import FeedPresentation

/// Differential: the cached document read item by item where it stands
/// (`FastFeedPaths`' `forEachItemTexts` and `forEachItem`, for `load
/// --format text|html`, `image missing` and `status`) against the reference
/// reading of it whole (`feedItems`): what it takes, the reference reads to
/// the same items (an item given as it stands is what writing the
/// reference's item gives, with its url), counted alike by every reading,
/// and where it takes the document for the page (every item with a url
/// string), the page finds one in each; and what each item shows, read from
/// its bytes, is what the reference's item shows.
enum CachedItemsFuzzing {
    static let name = "cached-items"
    private static let expect = FuzzCheck(target: name)

    private enum Given: Equatable {
        case stored([UInt8], url: String)
        case read(JSON)
    }

    /// What a reading ends with: nil where it declined, else the count
    /// `begin` was given. Throws where its two passes disagree.
    private static func reading(_ body: (_ begin: (Int) -> Void, _ reference: () -> Void) throws -> Void) throws -> Int? {
        var count: Int?
        var declined = false
        try body({ count = $0 }, { declined = true })
        return declined ? nil : count
    }

    static func check(_ input: [UInt8]) throws(FuzzFinding) {
        let paths = FastPathInstallation.fastPaths
        var texts: [FeedItemTexts] = []
        var stored: [Given] = []
        var count, pageCount, storedCount, counted: Int?
        do {
            try input.withUnsafeBytes { bytes in
                count = try reading { begin, reference in
                    try paths.forEachItemTexts(in: bytes, needingURLs: false, begin: begin, body: { texts.append($0.texts) }, reference: reference)
                }
                pageCount = try reading { begin, reference in
                    try paths.forEachItemTexts(in: bytes, needingURLs: true, begin: begin, body: { _ in }, reference: reference)
                }
                storedCount = try reading { begin, reference in
                    try paths.forEachItem(in: bytes, itemsWanted: true, begin: begin, body: { item in
                        switch item {
                        case .stored(let item): stored.append(.stored(Array(item.bytes), url: item.url))
                        case .read(let value): stored.append(.read(value))
                        }
                    }, reference: reference)
                }
                counted = try reading { begin, reference in
                    try paths.forEachItem(in: bytes, itemsWanted: false, begin: begin, body: { _ in }, reference: reference)
                }
            }
        } catch {
            throw expect.fail("its two passes disagree")
        }
        guard let count else { return }
        guard let reference = try? CachedBytes(input).feedItems() else { throw expect.fail("took what the reference cannot read") }
        try expect.require(count == reference.count, "counted other items than it read")
        try expect.require(storedCount != nil && counted != nil, "declined a document it takes, read otherwise")
        try expect.require(storedCount == count && counted == count, "counted other items, read otherwise")
        try expect.require(stored.count == reference.count, "gave other items as stored than it read")
        try expect.require(pageCount == nil || pageCount == count, "counted other items for the page")
        try expect.require(texts == reference.map(FeedItemTexts.init), "read other texts than the reference's items show")
        for (item, value) in zip(stored, reference) {
            switch item {
            case .stored(let bytes, let url):
                var written: [UInt8] = []
                JSONWriter().append(value, to: &written, indent: 0)
                try expect.require(bytes == written, "gave as stored an item that is not written back to its bytes")
                try expect.require(value[FeedItemField.url.name]?.stringValue == url, "gave another url than the item's")
            case .read(let read):
                try expect.require(read == value, "read another item than the reference")
            }
        }
        try expect.require(pageCount == nil || reference.allSatisfy { FeedPageItem($0) != nil },
                           "said every item has a url where the page finds one without")
    }
}
