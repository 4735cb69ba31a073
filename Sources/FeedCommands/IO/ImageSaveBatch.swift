import FeedCore
import FeedStoreFiles

/// The records `feed-cache image save` has read since it last stored: their
/// images are stored together, under one lock and one flush to disk, and
/// their failures reported after, all in input order. A batch closes at
/// `maxCount` records or `maxBytes` of them, when its first record is
/// `maxAge` old, or when the input stalls for `patience`; so memory stays
/// bounded whatever the input's length, a fast prefetch costs a flush or
/// two, and a slow one stores as it goes.
struct ImageSaveBatch {
    /// As many as the store writes under one flush.
    static let maxCount = FileSystemFeedStore.maxTemporaryFilesAtOnce
    static let maxBytes = 16 << 20
    static let maxAgeNanoseconds: Int64 = 1_000_000_000
    /// Milliseconds without a new record after which what is held is stored.
    static let patience = 100

    private var entries: [ImageSaveEntry] = []
    private var bytes = 0
    private var opened: Timestamp?

    var isEmpty: Bool { entries.isEmpty }

    mutating func append(_ entry: ImageSaveEntry, at now: Timestamp) {
        if entries.isEmpty { opened = now }
        entries.append(entry)
        bytes += entry.size
    }

    /// Whether it is to be stored now.
    func isFull(at now: Timestamp) -> Bool {
        guard let opened else { return false }
        let age = now.nanoseconds(since: opened)
        return entries.count >= ImageSaveBatch.maxCount || bytes >= ImageSaveBatch.maxBytes || age >= ImageSaveBatch.maxAgeNanoseconds
    }

    /// Its entries, leaving it empty.
    mutating func close() -> [ImageSaveEntry] {
        defer { self = ImageSaveBatch() }
        return entries
    }
}
