import FeedCore

/// FeedFastPath's one door: FeedCore's `FeedFastPaths` done without a tree
/// of the JSON, where the bytes stand. Each call takes only the happy path
/// and decides for itself what it takes; anything else it hands to the
/// caller's `reference` having written and changed nothing, so that the
/// reference gives every other answer, errors included. Only a composition
/// root installs it (`FastPathChoice`); nothing else sees what is behind it.
///
/// Behind it: feed-map's mapper (`FastFeedMapper`), save's reading
/// (`FastFeedSave`), the cached document's readers (`CachedFeedIDs`,
/// `CachedFeedLines`, `CachedFeedItems`), held to the reference by the
/// differential tests and the fuzz targets (docs/layout.md, "The readers").
public struct FastFeedPaths: FeedFastPaths {
    public init() {}

    public func mapRecords<E: Error>(_ input: UnsafeMutableBufferPointer<UInt8>, schema: FeedSchema, compact: Bool, releasesInput: Bool,
                                     write: (UnsafeRawBufferPointer) throws(E) -> Void,
                                     reference: (inout Int) throws(E) -> Bool) throws(E) {
        // The mapper writes compact documents only.
        let fast = compact ? FastFeedMapper(schema: schema, releasesInput: releasesInput) : nil
        var offset = 0
        while offset < input.count {
            if let fast, let next = try fast.map(input, at: offset, write: write) {
                offset = next
                continue
            }
            guard try reference(&offset) else { return }
        }
    }

    public func checkSaveInput<R, E: Error>(_ input: UnsafeMutableBufferPointer<UInt8>, inputIsMapped: Bool, appending: Bool,
                                            beginSave: () -> StreamedFeed?,
                                            checked: (CheckedFeed, FeedValidators?, StreamedFeed?) -> R,
                                            reference: () throws(E) -> R) throws(E) -> R {
        // Appending merges with the cached feed: the reference's work.
        guard !appending else { return try reference() }
        let stream = FastFeedSave.writesWhileChecking(input.count) ? beginSave() : nil
        guard let (feed, validators) = FastFeedSave.feed(input, inputIsMapped: inputIsMapped, sink: stream) else {
            stream?.abandon()
            return try reference()
        }
        return checked(feed, validators, stream)
    }

    public func writeIDs(of document: UnsafeRawBufferPointer, write: (UnsafeRawBufferPointer) throws -> Void,
                         reference: () throws -> Void) throws {
        try answer(try CachedFeedIDs.write(document, write), reference)
    }

    public func writeLines(of document: UnsafeRawBufferPointer, as format: OutputFormat, write: (UnsafeRawBufferPointer) throws -> Void,
                           reference: () throws -> Void) throws {
        try answer(try CachedFeedLines.write(document, as: format, write), reference)
    }

    public func forEachItemTexts(in document: UnsafeRawBufferPointer, needingURLs: Bool, begin: (Int) throws -> Void,
                                 body: (FeedItemTextBytes) throws -> Void, reference: () throws -> Void) throws {
        guard let items = CachedFeedItems(document), !needingURLs || items.everyItemHasURL else { return try reference() }
        try begin(items.count)
        guard try items.forEachTexts(body) else { throw CachedPasses.disagreement }
    }

    public func forEachItem(in document: UnsafeRawBufferPointer, itemsWanted: Bool, begin: (Int) throws -> Void,
                            body: (CachedItem) throws -> Void, reference: () throws -> Void) throws {
        guard let items = CachedFeedItems(document, notingStoredItems: itemsWanted) else { return try reference() }
        try begin(items.count)
        guard itemsWanted else { return }
        guard try items.forEachStored(body) else { throw CachedPasses.disagreement }
    }

    private func answer(_ reading: CachedReading, _ reference: () throws -> Void) throws {
        switch reading {
        case .written: return
        case .passesDisagree: throw CachedPasses.disagreement
        case .declined: try reference()
        }
    }
}
