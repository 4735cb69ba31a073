/// The commands' heaviest work, behind one door: feed-map's mapping, the
/// check of `save`'s input, and the readings of a cached document. Each call
/// does the whole job and always answers: where a faster way does not take
/// its input, it calls `reference` (the way the commands would go without
/// it), whose answer or error is the one given. Until a composition root
/// installs another (`FastPathChoice`), the reference ways do all of it.
public typealias FeedFastPaths = RecordMapping & SaveInputChecking & CachedFeedWriting & CachedItemReading

/// Which fast paths the commands use: `ReferencePaths` unless the process's
/// composition root installed others before running a command.
public enum FastPathChoice {
    public static var installed: any FeedFastPaths = ReferencePaths()
}

/// feed-map over all of its input.
public protocol RecordMapping {
    /// Maps every record of `input`, in order, each one's document written
    /// through `write` (whole, or not at all). What it does not take it
    /// leaves to `reference`, which reads the value at the offset it is
    /// given, moves the offset past it, and says whether the stream goes on.
    /// `compact`: the output takes compact documents as they are written.
    /// With `releasesInput`, pages of `input` (mapped from a file) may be
    /// given back once read past.
    func mapRecords<E: Error>(_ input: UnsafeMutableBufferPointer<UInt8>, schema: FeedSchema, compact: Bool, releasesInput: Bool,
                              write: (UnsafeRawBufferPointer) throws(E) -> Void,
                              reference: (inout Int) throws(E) -> Bool) throws(E)
}

/// `feed-cache save`'s input checked and made the document to store.
public protocol SaveInputChecking {
    /// Calls `checked` with the feed read from `input` and the validators to
    /// keep, and the stream it was written to while checked (`beginSave`
    /// gives one, if asked); where it does not take the input, `reference`.
    /// `input` is never written to; with `inputIsMapped` (mapped from a
    /// file) its pages may be given back as they are read.
    func checkSaveInput<R, E: Error>(_ input: UnsafeMutableBufferPointer<UInt8>, inputIsMapped: Bool, appending: Bool,
                                     beginSave: () -> StreamedFeed?,
                                     checked: (CheckedFeed, FeedValidators?, StreamedFeed?) -> R,
                                     reference: () throws(E) -> R) throws(E) -> R
}

/// `feed-cache load`'s line formats, written from the cached document where it stands.
public protocol CachedFeedWriting {
    /// Each item's id as saved, one a line, through `write` in pieces.
    func writeIDs(of document: UnsafeRawBufferPointer, write: (UnsafeRawBufferPointer) throws -> Void,
                  reference: () throws -> Void) throws
    /// Each item one a line in `format`, through `write` in pieces.
    func writeLines(of document: UnsafeRawBufferPointer, as format: OutputFormat, write: (UnsafeRawBufferPointer) throws -> Void,
                    reference: () throws -> Void) throws
}

/// The cached document's items, one at a time, for the writers that show
/// them (text, the page, `image missing`, `status`).
public protocol CachedItemReading {
    /// Calls `begin` with the number of items, then `body` with what each
    /// shows, in order. With `needingURLs`, a document where an item may
    /// have no `url` string goes to `reference`, as every other it does not take.
    func forEachItemTexts(in document: UnsafeRawBufferPointer, needingURLs: Bool, begin: (Int) throws -> Void,
                          body: (FeedItemTextBytes) throws -> Void, reference: () throws -> Void) throws
    /// Calls `begin` with the number of items, then, with `itemsWanted`,
    /// `body` with each item: as it stands where `save` stores it so, else read.
    func forEachItem(in document: UnsafeRawBufferPointer, itemsWanted: Bool, begin: (Int) throws -> Void,
                     body: (CachedItem) throws -> Void, reference: () throws -> Void) throws
}

/// An item of the cached document as `CachedItemReading.forEachItem` gives it.
public enum CachedItem {
    /// An item that reads back to its own bytes (what `save` stores).
    case stored(StoredItemBytes)
    /// Any other item, read.
    case read(JSON)
}

/// An item's bytes where they stand, valid only within the call that gives them.
public struct StoredItemBytes {
    public let bytes: UnsafeBufferPointer<UInt8>
    private let readURL: (UnsafeBufferPointer<UInt8>) -> String

    public init(_ bytes: UnsafeBufferPointer<UInt8>, url readURL: @escaping (UnsafeBufferPointer<UInt8>) -> String) {
        self.bytes = bytes
        self.readURL = readURL
    }

    /// Its `url`, decoded: read from its bytes when asked, so that a reader
    /// that needs none does not pay.
    public var url: String { readURL(bytes) }
}

/// The reference ways: every call goes to its `reference`.
public struct ReferencePaths: FeedFastPaths {
    public init() {}

    public func mapRecords<E: Error>(_ input: UnsafeMutableBufferPointer<UInt8>, schema: FeedSchema, compact: Bool, releasesInput: Bool,
                                     write: (UnsafeRawBufferPointer) throws(E) -> Void,
                                     reference: (inout Int) throws(E) -> Bool) throws(E) {
        var offset = 0
        while offset < input.count {
            guard try reference(&offset) else { return }
        }
    }

    public func checkSaveInput<R, E: Error>(_ input: UnsafeMutableBufferPointer<UInt8>, inputIsMapped: Bool, appending: Bool,
                                            beginSave: () -> StreamedFeed?,
                                            checked: (CheckedFeed, FeedValidators?, StreamedFeed?) -> R,
                                            reference: () throws(E) -> R) throws(E) -> R {
        try reference()
    }

    public func writeIDs(of document: UnsafeRawBufferPointer, write: (UnsafeRawBufferPointer) throws -> Void,
                         reference: () throws -> Void) throws {
        try reference()
    }

    public func writeLines(of document: UnsafeRawBufferPointer, as format: OutputFormat, write: (UnsafeRawBufferPointer) throws -> Void,
                           reference: () throws -> Void) throws {
        try reference()
    }

    public func forEachItemTexts(in document: UnsafeRawBufferPointer, needingURLs: Bool, begin: (Int) throws -> Void,
                                 body: (FeedItemTextBytes) throws -> Void, reference: () throws -> Void) throws {
        try reference()
    }

    public func forEachItem(in document: UnsafeRawBufferPointer, itemsWanted: Bool, begin: (Int) throws -> Void,
                            body: (CachedItem) throws -> Void, reference: () throws -> Void) throws {
        try reference()
    }
}
