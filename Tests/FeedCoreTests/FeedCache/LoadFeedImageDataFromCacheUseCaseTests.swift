import XCTest
import FeedTestSupport
import FeedCore

final class LoadFeedImageDataFromCacheUseCaseTests: XCTestCase {

    func test_init_doesNotMessageStoreUponCreation() {
        let (_, store) = makeSUT()

        XCTAssertEqual(store.receivedMessages, [])
    }

    func test_loadImageData_requestsStoredDataForURL() {
        let (sut, store) = makeSUT()
        let url = "https://a-given-url.example/image?id=1"

        _ = try? sut.loadImageData(from: url)

        XCTAssertEqual(store.receivedMessages, [.retrieve(dataFor: url)])
    }

    func test_loadImageData_failsWithRetrievalOnStoreError() {
        let (sut, store) = makeSUT()

        expect(sut, toCompleteWith: .failure(.retrieval), when: {
            store.stubRetrieval(with: CacheTestError(reason: "images/abc is corrupt (checksum mismatch)"))
        })
    }

    func test_loadImageData_retrievalErrorMessageNamesTheStoresReason() {
        let (sut, store) = makeSUT()
        store.stubRetrieval(with: CacheTestError(reason: "images/abc is corrupt (checksum mismatch)"))

        XCTAssertThrowsError(try sut.loadImageData(from: anyImageURL())) { error in
            XCTAssertTrue((error as? ToolError)?.message.contains("images/abc is corrupt (checksum mismatch)") == true, "\(error)")
        }
    }

    func test_loadImageData_failsWithNotFoundWhenNoDataIsCachedForURL() {
        let (sut, store) = makeSUT()

        expect(sut, toCompleteWith: .failure(.notFound), when: {
            store.stubRetrieval(with: nil)
        })
    }

    func test_loadImageData_deliversStoredDataOnFoundData() {
        let (sut, store) = makeSUT()
        let data: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x00, 0xFF, 0x0A]

        expect(sut, toCompleteWith: .success(data), when: {
            store.stubRetrieval(with: data)
        })
    }

    func test_loadImageData_hasNoSideEffects() {
        let (sut, store) = makeSUT()
        store.stubRetrieval(with: anyStoreFailure())

        _ = try? sut.loadImageData(from: anyImageURL())

        XCTAssertEqual(store.receivedMessages, [.retrieve(dataFor: anyImageURL())])
    }

    // MARK: - Helpers

    private enum LoadResult: Equatable {
        case success([UInt8])
        case failure(ErrorKind)
    }

    private func anyImageURL() -> String { "https://image-host.example/any-image" }

    private func makeSUT(file: StaticString = #filePath, line: UInt = #line) -> (sut: LocalFeedImageDataLoader, store: FeedImageDataStoreSpy) {
        let store = FeedImageDataStoreSpy()
        let sut = LocalFeedImageDataLoader(store: store)
        trackCacheObjectForLeaks(store, file: file, line: line)
        trackCacheObjectForLeaks(sut, file: file, line: line)
        return (sut, store)
    }

    private func expect(_ sut: LocalFeedImageDataLoader, toCompleteWith expected: LoadResult, when action: () -> Void,
                        file: StaticString = #filePath, line: UInt = #line) {
        action()

        let received: LoadResult
        do {
            received = .success(try sut.loadImageData(from: anyImageURL()))
        } catch {
            received = .failure(error.kind)
        }

        XCTAssertEqual(received, expected, file: file, line: line)
    }
}
