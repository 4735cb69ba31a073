/// The batch of a store that writes nothing before the commit: it holds
/// what is added and hands the lot to `insert(eachOf:)` at `commit`.
final class CollectedImageDataBatch: ImageDataBatch {
    private let store: FeedImageDataStore
    private var collected: [(data: [UInt8], url: String)] = []

    init(store: FeedImageDataStore) {
        self.store = store
    }

    func add(_ data: [UInt8], for url: String) {
        collected.append((data, url))
    }

    func commit() -> [Error?] {
        defer { collected = [] }
        return collected.isEmpty ? [] : store.insert(eachOf: collected)
    }
}
