import XCTest
import FeedTestSupport
import FeedCore

final class CacheFeedImageDataUseCaseTests: XCTestCase {

    func test_init_doesNotMessageStoreUponCreation() {
        let (_, store) = makeSUT()

        XCTAssertEqual(store.receivedMessages, [])
    }

    func test_saveImageDataForURL_requestsImageDataInsertionForURL() {
        let (sut, store) = makeSUT()
        let url = "https://a-given-url.example/image?id=1"
        let data: [UInt8] = [0x00, 0x01, 0xFE, 0xFF]

        try? sut.save(data, for: url)

        XCTAssertEqual(store.receivedMessages, [.insert(data: data, for: url)])
    }

    func test_saveImageDataForURL_failsWithSavingOnStoreInsertionError() {
        let (sut, store) = makeSUT()
        store.stubInsertion(with: CacheTestError(reason: "No space left on device"))

        do {
            try sut.save(anyImageData(), for: anyImageURL())
            XCTFail("Expected a saving error")
        } catch {
            XCTAssertEqual(error.kind, .saving)
            XCTAssertTrue(error.message.contains("No space left on device"), error.message)
        }
    }

    func test_saveImageDataForURL_keepsTheKindOfAStoreErrorThatKnowsIt() {
        let (sut, store) = makeSUT()
        store.stubInsertion(with: StoreError(.deletion, "cannot delete a stale file"))

        do {
            try sut.save(anyImageData(), for: anyImageURL())
            XCTFail("Expected a deletion error")
        } catch {
            XCTAssertEqual(error.kind, .deletion)
        }
    }

    func test_saveImageDataForURL_succeedsOnSuccessfulStoreInsertion() {
        let (sut, _) = makeSUT()

        XCTAssertNoThrow(try sut.save(anyImageData(), for: anyImageURL()))
    }

    // MARK: - Helpers

    private func anyImageURL() -> String { "https://image-host.example/any-image" }

    private func anyImageData() -> [UInt8] { Array("any image data".utf8) }

    private func makeSUT(file: StaticString = #filePath, line: UInt = #line) -> (sut: LocalFeedImageDataLoader, store: FeedImageDataStoreSpy) {
        let store = FeedImageDataStoreSpy()
        let sut = LocalFeedImageDataLoader(store: store)
        trackCacheObjectForLeaks(store, file: file, line: line)
        trackCacheObjectForLeaks(sut, file: file, line: line)
        return (sut, store)
    }
}
