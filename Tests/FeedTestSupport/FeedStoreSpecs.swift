import XCTest
import FeedCore

// The case study's store specs: what every `FeedStore` and
// `FeedImageDataStore` must do, whatever keeps the data. Each store's test
// class conforms to the protocols, so that the compiler asks for one test per
// behaviour, and each test calls the shared assertion below on a fresh, empty
// store of its kind (adding what only that kind of store can show, such as
// the files left on disk). Behaviours that hold only for some stores (corrupt
// files, locks, several instances sharing one cache) stay in that store's own
// tests.

/// What every feed store must do: retrieve, insert, delete, delete if stale.
public protocol FeedStoreSpecs {
    func test_retrieve_deliversEmptyOnEmptyCache() throws
    func test_retrieve_hasNoSideEffectsOnEmptyCache() throws
    func test_retrieve_deliversFoundValuesOnNonEmptyCache() throws
    func test_retrieve_hasNoSideEffectsOnNonEmptyCache() throws
    func test_retrieve_deliversTheTimestampToTheNanosecond() throws
    func test_retrieve_deliversAnyDocumentBytesUnchanged() throws

    func test_insert_deliversNoErrorOnEmptyCache() throws
    func test_insert_deliversNoErrorOnNonEmptyCache() throws
    func test_insert_overridesPreviouslyInsertedCacheValues() throws
    func test_insert_keepsImageDataForURLsInTheKeepSetAndDeletesTheRest() throws
    func test_insert_withAnEmptyKeepSetDeletesAllImageData() throws

    func test_delete_deliversNoErrorOnEmptyCache() throws
    func test_delete_hasNoEffectOnEmptyCache() throws
    func test_delete_deliversNoErrorOnNonEmptyCache() throws
    func test_delete_emptiesPreviouslyInsertedCache() throws
    func test_delete_removesImageData() throws

    func test_deleteIfStale_keepsAFeedItWasToldIsFresh() throws
    func test_deleteIfStale_deletesWhatItWasToldIsStale_withoutDeadlockingOnItsOwnLock() throws
}

/// What every image data store must do.
public protocol FeedImageDataStoreSpecs {
    func test_retrieveImageData_deliversNotFoundOnEmptyCache() throws
    func test_retrieveImageData_deliversNotFoundForAnotherURL() throws
    func test_retrieveImageData_deliversStoredDataForURL() throws
    func test_retrieveImageData_deliversLastInsertedValue() throws
}

// MARK: - Retrieve

extension FeedStoreSpecs where Self: XCTestCase {
    public func assertThatRetrieveDeliversEmptyOnEmptyCache(on sut: FeedStore, file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertNil(try sut.retrieve(), file: file, line: line)
    }

    public func assertThatRetrieveHasNoSideEffectsOnEmptyCache(on sut: FeedStore, file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertNil(try sut.retrieve(), file: file, line: line)
        XCTAssertNil(try sut.retrieve(), file: file, line: line)
    }

    public func assertThatRetrieveDeliversFoundValuesOnNonEmptyCache(on sut: FeedStore, file: StaticString = #filePath, line: UInt = #line) throws {
        let feed = uniqueCachedFeed(savedAt: Timestamp.cacheTestNow)

        try sut.insert(feed, keepingImageDataFor: [])

        XCTAssertEqual(try sut.retrieve(), feed, file: file, line: line)
    }

    /// `storage` shows what the store keeps besides what it delivers (its
    /// files, say); it must be the same before and after the retrievals.
    public func assertThatRetrieveHasNoSideEffectsOnNonEmptyCache<Storage: Equatable>(
        on sut: FeedStore, storage: () -> Storage = { 0 },
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let feed = uniqueCachedFeed(savedAt: Timestamp.cacheTestNow)
        try sut.insert(feed, keepingImageDataFor: [])
        let storageBefore = storage()

        XCTAssertEqual(try sut.retrieve(), feed, file: file, line: line)
        XCTAssertEqual(try sut.retrieve(), feed, file: file, line: line)

        XCTAssertEqual(storage(), storageBefore, "retrieve must leave what the store keeps unchanged", file: file, line: line)
    }

    public func assertThatRetrieveDeliversTheTimestampToTheNanosecond(on sut: FeedStore, file: StaticString = #filePath, line: UInt = #line) throws {
        let timestamps = [
            Timestamp(seconds: 1_763_762_400, nanoseconds: 123_456_789),
            Timestamp(seconds: 1_763_762_400, nanoseconds: 0),
            Timestamp(seconds: 1_763_762_400, nanoseconds: 999_999_999),
            Timestamp(seconds: 0, nanoseconds: 1),
            Timestamp(seconds: 253_402_300_799, nanoseconds: 500_000_000),
        ]
        for timestamp in timestamps {
            let feed = uniqueCachedFeed(savedAt: timestamp)

            try sut.insert(feed, keepingImageDataFor: [])

            XCTAssertEqual(try sut.retrieve(), feed, "\(timestamp)", file: file, line: line)
        }
    }

    public func assertThatRetrieveDeliversAnyDocumentBytesUnchanged(on sut: FeedStore, file: StaticString = #filePath, line: UInt = #line) throws {
        let documents: [[UInt8]] = [
            [],
            [0x0A],
            Array("{\"items\":[]}\n".utf8),
            Array("first line\nsecond line\n\n".utf8),
            Array("essential-feed-cache 1 0.000000000 0 cbf29ce484222325\n".utf8),
            (0...255).map { UInt8($0) },
            [UInt8](repeating: 0x7B, count: 300_000),
        ]
        for document in documents {
            let feed = CachedFeed(document: document, timestamp: Timestamp.cacheTestNow)

            try sut.insert(feed, keepingImageDataFor: [])

            XCTAssertEqual(try sut.retrieve(), feed, "a document of \(document.count) bytes", file: file, line: line)
        }
    }
}

// MARK: - Insert

extension FeedStoreSpecs where Self: XCTestCase {
    public func assertThatInsertDeliversNoErrorOnEmptyCache(on sut: FeedStore, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertNoThrow(try sut.insert(uniqueCachedFeed(savedAt: Timestamp.cacheTestNow), keepingImageDataFor: []), file: file, line: line)
    }

    public func assertThatInsertDeliversNoErrorOnNonEmptyCache(on sut: FeedStore, file: StaticString = #filePath, line: UInt = #line) throws {
        try sut.insert(uniqueCachedFeed(savedAt: Timestamp.cacheTestNow), keepingImageDataFor: [])

        XCTAssertNoThrow(try sut.insert(uniqueCachedFeed(savedAt: Timestamp.cacheTestNow), keepingImageDataFor: []), file: file, line: line)
    }

    public func assertThatInsertOverridesPreviouslyInsertedCacheValues(on sut: FeedStore, file: StaticString = #filePath, line: UInt = #line) throws {
        try sut.insert(uniqueCachedFeed(savedAt: Timestamp(seconds: 1_000)), keepingImageDataFor: [])
        let latest = uniqueCachedFeed(savedAt: Timestamp.cacheTestNow)

        try sut.insert(latest, keepingImageDataFor: [])

        XCTAssertEqual(try sut.retrieve(), latest, file: file, line: line)
    }

    public func assertThatInsertKeepsImageDataForURLsInTheKeepSetAndDeletesTheRest(
        on sut: FeedStore & FeedImageDataStore, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let kept = ["https://h/kept-1", "https://h/kept-2"]
        let dropped = ["https://h/dropped-1", "https://h/dropped-2"]
        for url in kept + dropped { try sut.insert(Array("data of \(url)".utf8), for: url) }

        try sut.insert(uniqueCachedFeed(savedAt: Timestamp.cacheTestNow), keepingImageDataFor: Set(kept + ["https://h/never-saved"]))

        for url in kept { XCTAssertEqual(try sut.retrieve(dataForURL: url), Array("data of \(url)".utf8), url, file: file, line: line) }
        for url in dropped { XCTAssertNil(try sut.retrieve(dataForURL: url), url, file: file, line: line) }
        XCTAssertNil(try sut.retrieve(dataForURL: "https://h/never-saved"), "a kept URL with no data must not gain any", file: file, line: line)
    }

    public func assertThatInsertWithAnEmptyKeepSetDeletesAllImageData(
        on sut: FeedStore & FeedImageDataStore, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        try sut.insert(Array("data".utf8), for: "https://h/1")

        try sut.insert(uniqueCachedFeed(savedAt: Timestamp.cacheTestNow), keepingImageDataFor: [])

        XCTAssertNil(try sut.retrieve(dataForURL: "https://h/1"), file: file, line: line)
    }
}

// MARK: - Delete

extension FeedStoreSpecs where Self: XCTestCase {
    public func assertThatDeleteDeliversNoErrorOnEmptyCache(on sut: FeedStore, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertNoThrow(try sut.deleteCachedFeed(), file: file, line: line)
    }

    public func assertThatDeleteHasNoEffectOnEmptyCache(on sut: FeedStore, file: StaticString = #filePath, line: UInt = #line) throws {
        try sut.deleteCachedFeed()

        XCTAssertNil(try sut.retrieve(), file: file, line: line)
    }

    public func assertThatDeleteDeliversNoErrorOnNonEmptyCache(on sut: FeedStore, file: StaticString = #filePath, line: UInt = #line) throws {
        try sut.insert(uniqueCachedFeed(savedAt: Timestamp.cacheTestNow), keepingImageDataFor: [])

        XCTAssertNoThrow(try sut.deleteCachedFeed(), file: file, line: line)
    }

    public func assertThatDeleteEmptiesPreviouslyInsertedCache(on sut: FeedStore, file: StaticString = #filePath, line: UInt = #line) throws {
        try sut.insert(uniqueCachedFeed(savedAt: Timestamp.cacheTestNow), keepingImageDataFor: [])

        try sut.deleteCachedFeed()

        XCTAssertNil(try sut.retrieve(), file: file, line: line)
    }

    public func assertThatDeleteRemovesImageData(on sut: FeedStore & FeedImageDataStore, file: StaticString = #filePath, line: UInt = #line) throws {
        try sut.insert(uniqueCachedFeed(savedAt: Timestamp.cacheTestNow), keepingImageDataFor: ["https://h/1", "https://h/2"])
        try sut.insert(Array("one".utf8), for: "https://h/1")
        try sut.insert(Array("two".utf8), for: "https://h/2")

        try sut.deleteCachedFeed()

        XCTAssertNil(try sut.retrieve(dataForURL: "https://h/1"), file: file, line: line)
        XCTAssertNil(try sut.retrieve(dataForURL: "https://h/2"), file: file, line: line)
    }
}

// MARK: - Delete if stale

extension FeedStoreSpecs where Self: XCTestCase {
    /// Told the feed is fresh, the store keeps it, and it asked about exactly
    /// the feed that retrieve delivers, once.
    public func assertThatDeleteIfStaleKeepsAFeedItWasToldIsFresh(
        on sut: FeedStore & FeedImageDataStore, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let feed = uniqueCachedFeed(savedAt: Timestamp.cacheTestNow)
        try sut.insert(feed, keepingImageDataFor: ["https://h/1"])
        try sut.insert(Array("data".utf8), for: "https://h/1")
        var asked: [CachedFeed?] = []

        try sut.deleteCachedFeed { retrieved in
            asked.append(try? retrieved.get())
            return false
        }

        XCTAssertEqual(asked, [feed], "must ask once, about what retrieve delivers", file: file, line: line)
        XCTAssertEqual(try sut.retrieve(), feed, file: file, line: line)
        XCTAssertEqual(try sut.retrieve(dataForURL: "https://h/1"), Array("data".utf8), "a kept feed keeps its image data", file: file, line: line)
    }

    /// Told the feed is stale, the store deletes it and its image data, and
    /// it asked about exactly the feed that retrieve delivered, once.
    public func assertThatDeleteIfStaleDeletesWhatItWasToldIsStale(
        on sut: FeedStore & FeedImageDataStore, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let feed = uniqueCachedFeed(savedAt: Timestamp.cacheTestNow)
        try sut.insert(feed, keepingImageDataFor: ["https://h/1"])
        try sut.insert(Array("data".utf8), for: "https://h/1")
        var asked: [CachedFeed?] = []

        try sut.deleteCachedFeed { retrieved in
            asked.append(try? retrieved.get())
            return true
        }

        XCTAssertEqual(asked, [feed], "must ask once, about what retrieve delivered", file: file, line: line)
        XCTAssertNil(try sut.retrieve(), file: file, line: line)
        XCTAssertNil(try sut.retrieve(dataForURL: "https://h/1"), "a deleted feed takes its image data along", file: file, line: line)
    }
}

// MARK: - Image data

extension FeedImageDataStoreSpecs where Self: XCTestCase {
    public func assertThatRetrieveImageDataDeliversNotFoundOnEmptyCache(
        on sut: FeedImageDataStore, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        XCTAssertNil(try sut.retrieve(dataForURL: "https://h/1"), file: file, line: line)
    }

    public func assertThatRetrieveImageDataDeliversNotFoundForAnotherURL(
        on sut: FeedImageDataStore, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        try sut.insert(Array("data".utf8), for: "https://h/1")

        XCTAssertNil(try sut.retrieve(dataForURL: "https://h/2"), file: file, line: line)
        XCTAssertNil(try sut.retrieve(dataForURL: "https://h/1/"), file: file, line: line)
        XCTAssertNil(try sut.retrieve(dataForURL: "HTTPS://h/1"), file: file, line: line)
    }

    /// Stores `data` for `url` and expects it back; returns them for what a
    /// store's own test adds (another instance seeing it, say).
    @discardableResult
    public func assertThatRetrieveImageDataDeliversStoredDataForURL(
        on sut: FeedImageDataStore, file: StaticString = #filePath, line: UInt = #line
    ) throws -> (data: [UInt8], url: String) {
        let data: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0xFF]
        let url = "https://h/1"

        try sut.insert(data, for: url)

        XCTAssertEqual(try sut.retrieve(dataForURL: url), data, file: file, line: line)
        return (data, url)
    }

    public func assertThatRetrieveImageDataDeliversLastInsertedValue(
        on sut: FeedImageDataStore, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        try sut.insert(Array("first".utf8), for: "https://h/1")
        try sut.insert(Array("last".utf8), for: "https://h/1")

        XCTAssertEqual(try sut.retrieve(dataForURL: "https://h/1"), Array("last".utf8), file: file, line: line)
    }
}
