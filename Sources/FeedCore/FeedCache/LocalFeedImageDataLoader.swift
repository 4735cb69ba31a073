/// Loads and saves image data by URL: the case study's
/// `LocalFeedImageDataLoader`.
public final class LocalFeedImageDataLoader {
    private let store: FeedImageDataStore

    public init(store: FeedImageDataStore) {
        self.store = store
    }

    public func loadImageData(from url: String) throws(ToolError) -> [UInt8] {
        let data: [UInt8]?
        do {
            data = try store.retrieve(dataForURL: url)
        } catch {
            throw CacheFailure.wrapping(error, default: .retrieval, "cannot read the cached image data")
        }
        guard let data else { throw ToolError(.notFound, "no image data in the cache") }
        return data
    }

    /// Saves image data for several URLs at once, each on its own: the
    /// failure of each, in order, nil where it was saved.
    public func save(eachOf batch: [(data: [UInt8], url: String)]) -> [ToolError?] {
        store.insert(eachOf: batch).map(Self.savingFailure)
    }

    /// A batch to save image data into as it comes (see `ImageDataBatch`);
    /// `commit` stores it.
    public func openBatch() -> ImageDataBatch { store.openBatch() }

    /// Stores what was added to `batch`: the failure of each, in order.
    public func commit(_ batch: ImageDataBatch) -> [ToolError?] {
        batch.commit().map(Self.savingFailure)
    }

    private static func savingFailure(_ failure: Error?) -> ToolError? {
        failure.map { CacheFailure.wrapping($0, default: .saving, "cannot save the image data") }
    }
}

extension LocalFeedImageDataLoader {
    /// False when no image data is cached at all (asked once, before a
    /// whole feed's lookups): then none of them needs to be made.
    public var mayHaveImageData: Bool { store.mayHoldImageData() }

    /// Whether image data for `url` is cached and can be read.
    public func hasImageData(for url: String) -> Bool {
        (try? store.retrieve(dataForURL: url)) != nil
    }
}
