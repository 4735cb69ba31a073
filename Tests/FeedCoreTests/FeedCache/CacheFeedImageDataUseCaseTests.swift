import XCTest
import FeedTestSupport
import FeedCore

final class CacheFeedImageDataUseCaseTests: XCTestCase {

    func test_init_doesNotMessageStoreUponCreation() {
        let (_, store) = makeSUT()

        XCTAssertEqual(store.receivedMessages, [])
    }

    func test_saveEachOf_requestsImageDataInsertionForEachURL_inOrder() {
        let (sut, store) = makeSUT()
        let first = (data: [UInt8]([0x00, 0x01, 0xFE, 0xFF]), url: "https://a-given-url.example/image?id=1")
        let second = (data: [UInt8]([0x02]), url: "https://a-given-url.example/image?id=2")

        _ = sut.save(eachOf: [first, second])

        XCTAssertEqual(store.receivedMessages, [.insert(data: first.data, for: first.url), .insert(data: second.data, for: second.url)])
    }

    func test_saveEachOf_reportsSavingForEachItemOnStoreInsertionError() {
        let (sut, store) = makeSUT()
        store.stubInsertion(with: CacheTestError(reason: "No space left on device"))

        let failures = sut.save(eachOf: [(anyImageData(), anyImageURL()), (anyImageData(), anyImageURL() + "2")])

        XCTAssertEqual(failures.count, 2)
        for failure in failures {
            XCTAssertEqual(failure?.kind, .saving)
            XCTAssertTrue(failure?.message.contains("No space left on device") == true, failure?.message ?? "no failure")
        }
    }

    func test_saveEachOf_keepsTheKindOfAStoreErrorThatKnowsIt() {
        let (sut, store) = makeSUT()
        store.stubInsertion(with: StoreError(.deletion, "cannot delete a stale file"))

        let failures = sut.save(eachOf: [(anyImageData(), anyImageURL())])

        XCTAssertEqual(failures.map { $0?.kind }, [.deletion])
    }

    func test_saveEachOf_reportsNoFailureOnSuccessfulStoreInsertion() {
        let (sut, _) = makeSUT()

        let failures = sut.save(eachOf: [(anyImageData(), anyImageURL())])

        XCTAssertEqual(failures.count, 1)
        XCTAssertNil(failures[0])
    }

    func test_saveEachOf_ofNothing_doesNotMessageTheStoreForAnyImage() {
        let (sut, store) = makeSUT()

        XCTAssertEqual(sut.save(eachOf: []).count, 0)
        XCTAssertEqual(store.receivedMessages, [])
    }

    func test_batch_ofAStoreThatOnlyCollects_insertsNothingUntilItsCommit_thenEachInOrder() {
        let (sut, store) = makeSUT()
        let batch = sut.openBatch()

        batch.add([1], for: anyImageURL())
        batch.add([2], for: anyImageURL() + "2")
        XCTAssertEqual(store.receivedMessages, [])

        XCTAssertEqual(sut.commit(batch).map { $0 == nil }, [true, true])
        XCTAssertEqual(store.receivedMessages, [.insert(data: [1], for: anyImageURL()), .insert(data: [2], for: anyImageURL() + "2")])
        XCTAssertEqual(sut.commit(batch).count, 0, "a commit empties it")
    }

    func test_batchCommit_reportsSavingForEachItemOnStoreInsertionError() {
        let (sut, store) = makeSUT()
        store.stubInsertion(with: CacheTestError(reason: "No space left on device"))
        let batch = sut.openBatch()
        batch.add(anyImageData(), for: anyImageURL())

        let failures = sut.commit(batch)

        XCTAssertEqual(failures.map { $0?.kind }, [.saving])
        XCTAssertTrue(failures.first??.message.contains("No space left on device") == true)
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
