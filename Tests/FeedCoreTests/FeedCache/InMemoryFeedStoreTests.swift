import XCTest
import FeedCore
import FeedTestSupport

/// The shared store specs run against the in-memory store, so that what the
/// command tests run feed-cache over behaves as the store on disk does.
final class InMemoryFeedStoreTests: XCTestCase, FeedStoreSpecs, FeedImageDataStoreSpecs {

    // MARK: - Retrieve

    func test_retrieve_deliversEmptyOnEmptyCache() throws {
        try assertThatRetrieveDeliversEmptyOnEmptyCache(on: makeSUT())
    }

    func test_retrieve_hasNoSideEffectsOnEmptyCache() throws {
        try assertThatRetrieveHasNoSideEffectsOnEmptyCache(on: makeSUT())
    }

    func test_retrieve_deliversFoundValuesOnNonEmptyCache() throws {
        try assertThatRetrieveDeliversFoundValuesOnNonEmptyCache(on: makeSUT())
    }

    func test_retrieve_hasNoSideEffectsOnNonEmptyCache() throws {
        let sut = makeSUT()

        try assertThatRetrieveHasNoSideEffectsOnNonEmptyCache(on: sut, storage: { Storage(sut) })
    }

    func test_retrieve_deliversTheTimestampToTheNanosecond() throws {
        try assertThatRetrieveDeliversTheTimestampToTheNanosecond(on: makeSUT())
    }

    func test_retrieve_deliversAnyDocumentBytesUnchanged() throws {
        try assertThatRetrieveDeliversAnyDocumentBytesUnchanged(on: makeSUT())
    }

    // MARK: - Insert

    func test_insert_deliversNoErrorOnEmptyCache() {
        assertThatInsertDeliversNoErrorOnEmptyCache(on: makeSUT())
    }

    func test_insert_deliversNoErrorOnNonEmptyCache() throws {
        try assertThatInsertDeliversNoErrorOnNonEmptyCache(on: makeSUT())
    }

    func test_insert_overridesPreviouslyInsertedCacheValues() throws {
        try assertThatInsertOverridesPreviouslyInsertedCacheValues(on: makeSUT())
    }

    func test_insert_keepsImageDataForURLsInTheKeepSetAndDeletesTheRest() throws {
        try assertThatInsertKeepsImageDataForURLsInTheKeepSetAndDeletesTheRest(on: makeSUT())
    }

    func test_insert_withAnEmptyKeepSetDeletesAllImageData() throws {
        let sut = makeSUT()

        try assertThatInsertWithAnEmptyKeepSetDeletesAllImageData(on: sut)

        XCTAssertEqual(sut.images, [:])
    }

    // MARK: - Delete

    func test_delete_deliversNoErrorOnEmptyCache() {
        assertThatDeleteDeliversNoErrorOnEmptyCache(on: makeSUT())
    }

    func test_delete_hasNoEffectOnEmptyCache() throws {
        let sut = makeSUT()

        try assertThatDeleteHasNoEffectOnEmptyCache(on: sut)

        XCTAssertEqual(sut.images, [:])
    }

    func test_delete_deliversNoErrorOnNonEmptyCache() throws {
        try assertThatDeleteDeliversNoErrorOnNonEmptyCache(on: makeSUT())
    }

    func test_delete_emptiesPreviouslyInsertedCache() throws {
        try assertThatDeleteEmptiesPreviouslyInsertedCache(on: makeSUT())
    }

    func test_delete_removesImageData() throws {
        let sut = makeSUT()

        try assertThatDeleteRemovesImageData(on: sut)

        XCTAssertEqual(sut.images, [:])
    }

    // MARK: - Delete if stale

    func test_deleteIfStale_keepsAFeedItWasToldIsFresh() throws {
        try assertThatDeleteIfStaleKeepsAFeedItWasToldIsFresh(on: makeSUT())
    }

    func test_deleteIfStale_deletesWhatItWasToldIsStale_withoutDeadlockingOnItsOwnLock() throws {
        try assertThatDeleteIfStaleDeletesWhatItWasToldIsStale(on: makeSUT())
    }

    // MARK: - Image data

    func test_retrieveImageData_deliversNotFoundOnEmptyCache() throws {
        try assertThatRetrieveImageDataDeliversNotFoundOnEmptyCache(on: makeSUT())
    }

    func test_retrieveImageData_deliversNotFoundForAnotherURL() throws {
        try assertThatRetrieveImageDataDeliversNotFoundForAnotherURL(on: makeSUT())
    }

    func test_retrieveImageData_deliversStoredDataForURL() throws {
        try assertThatRetrieveImageDataDeliversStoredDataForURL(on: makeSUT())
    }

    func test_retrieveImageData_deliversLastInsertedValue() throws {
        try assertThatRetrieveImageDataDeliversLastInsertedValue(on: makeSUT())
    }

    // MARK: - Helpers

    private func makeSUT(file: StaticString = #filePath, line: UInt = #line) -> InMemoryFeedStore {
        let sut = InMemoryFeedStore()
        trackCacheObjectForLeaks(sut, file: file, line: line)
        return sut
    }

    /// Everything the store holds.
    private struct Storage: Equatable {
        let feed: CachedFeed?
        let images: [String: [UInt8]]

        init(_ store: InMemoryFeedStore) {
            feed = store.feed
            images = store.images
        }
    }
}
