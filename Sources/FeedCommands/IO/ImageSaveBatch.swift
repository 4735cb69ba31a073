import FeedCore
import FeedStoreFiles

/// The records `feed-cache image save` has read since it last stored. Each
/// image goes to the store's batch as its record arrives (the file store
/// writes it then, while the next ones are still being fetched); at the
/// commit they are made durable together, under one lock and one flush to
/// disk, and every record's outcome reported, in input order. A batch
/// closes at `maxCount` records or `maxBytes` of image data, when its first
/// record is `maxAge` old, or when the input stalls for `patience`: a fast
/// prefetch costs a flush or two, and a slow one stores as it goes. It holds
/// no image data, only what is to be reported.
struct ImageSaveBatch {
    /// As many as the store writes under one flush.
    static let maxCount = FileSystemFeedStore.maxTemporaryFilesAtOnce
    static let maxBytes = 16 << 20
    static let maxAgeNanoseconds: Int64 = 1_000_000_000
    /// Milliseconds without a new record after which what is held is stored.
    static let patience = 100

    private let loader: LocalFeedImageDataLoader
    private var images: ImageDataBatch?
    private var outcomes: [ImageSaveOutcome] = []
    private var bytes = 0
    private var opened: Timestamp?

    init(loader: LocalFeedImageDataLoader) {
        self.loader = loader
    }

    var isEmpty: Bool { outcomes.isEmpty }

    mutating func append(_ entry: ImageSaveEntry, at now: Timestamp) {
        if outcomes.isEmpty { opened = now }
        switch entry {
        case .image(let data, let url):
            let batch = images ?? loader.openBatch()
            images = batch
            batch.add(data, for: url)
            bytes += data.count
            outcomes.append(.stored(url: url))
        case .failure(let error, let url):
            outcomes.append(.failure(error, url: url))
        case .passOn(let record):
            outcomes.append(.passOn(record))
        }
    }

    /// Whether it is to be stored now.
    func isFull(at now: Timestamp) -> Bool {
        guard let opened else { return false }
        let age = now.nanoseconds(since: opened)
        return outcomes.count >= ImageSaveBatch.maxCount || bytes >= ImageSaveBatch.maxBytes || age >= ImageSaveBatch.maxAgeNanoseconds
    }

    /// Stores its images and gives each record's outcome, in order, leaving it empty.
    mutating func commit() -> [ImageSaveOutcome] {
        var failures = (images.map(loader.commit) ?? []).makeIterator()
        let committed = outcomes.map { outcome -> ImageSaveOutcome in
            guard case .stored(let url) = outcome, let failure = failures.next() ?? nil else { return outcome }
            return .notStored(failure, url: url)
        }
        self = ImageSaveBatch(loader: loader)
        return committed
    }
}
