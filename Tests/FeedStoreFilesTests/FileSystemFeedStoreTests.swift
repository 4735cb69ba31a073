import FeedConcurrency
import Foundation
import XCTest
import FeedTestSupport
import FeedCore
import FeedStoreFiles
import FeedPlatform

/// The shared store specs (FeedTestSupport's `FeedStoreSpecs` and
/// `FeedImageDataStoreSpecs`) run against real directories, with what only
/// files can show (what is left on disk, other instances over the same cache),
/// and the file system's own cases: corrupt and truncated files, FIFOs,
/// permissions, links, hostile URL names, temporary files, locks, concurrency.
final class FileSystemFeedStoreTests: XCTestCase, FeedStoreSpecs, FeedImageDataStoreSpecs {

    // MARK: - Retrieve

    func test_retrieve_deliversEmptyOnEmptyCache() throws {
        let sut = makeSUT(makeEmptyCacheDirectory())

        try assertThatRetrieveDeliversEmptyOnEmptyCache(on: sut)
    }

    func test_retrieve_deliversEmptyOnMissingDirectoryWithoutCreatingIt() throws {
        let root = makeCacheTestDirectory()
        let sut = makeSUT(root + "/missing/cache")

        XCTAssertNil(try sut.retrieve())
        XCTAssertEqual(cacheTestTree(root), [], "retrieve must not create the cache directory")
    }

    func test_retrieve_hasNoSideEffectsOnEmptyCache() throws {
        let cache = makeEmptyCacheDirectory()
        let sut = makeSUT(cache)

        try assertThatRetrieveHasNoSideEffectsOnEmptyCache(on: sut)

        XCTAssertEqual(cacheTestTree(cache), [])
    }

    func test_retrieve_deliversFoundValuesOnNonEmptyCache() throws {
        let sut = makeSUT(makeCachePath())

        try assertThatRetrieveDeliversFoundValuesOnNonEmptyCache(on: sut)
    }

    func test_retrieve_hasNoSideEffectsOnNonEmptyCache() throws {
        let cache = makeCachePath()
        let sut = makeSUT(cache)

        try assertThatRetrieveHasNoSideEffectsOnNonEmptyCache(on: sut, storage: { DiskState(cache) })
    }

    func test_retrieve_deliversTheTimestampToTheNanosecond() throws {
        let sut = makeSUT(makeCachePath())

        try assertThatRetrieveDeliversTheTimestampToTheNanosecond(on: sut)
    }

    func test_retrieve_deliversAnyDocumentBytesUnchanged() throws {
        let sut = makeSUT(makeCachePath())

        try assertThatRetrieveDeliversAnyDocumentBytesUnchanged(on: sut)
    }

    func test_retrieve_failsOnAGarbageFile() throws {
        for garbage in ["garbage", "not a cache file\n{\"items\":[]}\n", "essential-feed-cache 2 1.000000000 0 cbf29ce484222325\n",
                        "essential-feed-cache 1 yesterday 0 cbf29ce484222325\n", "essential-feed-cache 1 1.000000000 -1 cbf29ce484222325\n",
                        "essential-feed-cache 1 1.000000000 0\n", String(repeating: "x", count: 5_000)] {
            let cache = makeEmptyCacheDirectory()
            cacheTestWrite(Array(garbage.utf8), to: cache + "/feed")

            expectRetrievalError(from: makeSUT(cache), garbage.prefix(60).description)
            XCTAssertEqual(cacheTestRead(cache + "/feed"), Array(garbage.utf8), "retrieve must leave a corrupt file as it is")
        }
    }

    func test_retrieve_failsOnATruncatedFile() throws {
        let cache = makeCachePath()
        try makeSUT(cache).insert(uniqueCachedFeed(savedAt: Timestamp.cacheTestNow), keepingImageDataFor: [])
        let whole = try XCTUnwrap(cacheTestRead(cache + "/feed"))
        let headerLength = try XCTUnwrap(whole.firstIndex(of: 0x0A)) + 1

        for length in [whole.count - 1, whole.count / 2, headerLength + 1, headerLength, headerLength - 1, 10, 1] {
            cacheTestWrite(Array(whole.prefix(length)), to: cache + "/feed")

            expectRetrievalError(from: makeSUT(cache), "truncated to \(length) of \(whole.count) bytes")
        }
    }

    func test_retrieve_failsOnAFileWithBytesAppended() throws {
        let cache = makeCachePath()
        try makeSUT(cache).insert(uniqueCachedFeed(savedAt: Timestamp.cacheTestNow), keepingImageDataFor: [])
        let whole = try XCTUnwrap(cacheTestRead(cache + "/feed"))

        cacheTestWrite(whole + Array("{\"items\":[]}\n".utf8), to: cache + "/feed")

        expectRetrievalError(from: makeSUT(cache))
    }

    func test_retrieve_failsOnAZeroLengthFile() throws {
        let cache = makeEmptyCacheDirectory()
        cacheTestWrite([], to: cache + "/feed")

        expectRetrievalError(from: makeSUT(cache))
    }

    func test_retrieve_failsOnADirectoryInPlaceOfTheFeedFile() throws {
        let cache = makeEmptyCacheDirectory()
        try FileManager.default.createDirectory(atPath: cache + "/feed", withIntermediateDirectories: false)

        expectRetrievalError(from: makeSUT(cache))
    }

    func test_retrieve_failsOnAChecksumMismatch() throws {
        let cache = makeCachePath()
        try makeSUT(cache).insert(uniqueCachedFeed(savedAt: Timestamp.cacheTestNow), keepingImageDataFor: [])
        let whole = try XCTUnwrap(cacheTestRead(cache + "/feed"))
        let bodyStart = try XCTUnwrap(whole.firstIndex(of: 0x0A)) + 1

        for position in [bodyStart, bodyStart + 20, whole.count - 2, whole.count - 1] {
            var tampered = whole
            tampered[position] ^= 0x01
            cacheTestWrite(tampered, to: cache + "/feed")

            expectRetrievalError(from: makeSUT(cache), "byte \(position) flipped")
        }
    }

    // Found by fuzzing (Tests/FeedFuzzingTests/Corpus/cache-file): a header
    // spelt otherwise than insert writes it was read as a saved feed.
    func test_retrieve_failsOnAHeaderNotSpeltAsInsertWritesIt() throws {
        let cache = makeCachePath()
        try makeSUT(cache).insert(uniqueCachedFeed(savedAt: Timestamp.cacheTestNow), keepingImageDataFor: [])
        let whole = try XCTUnwrap(cacheTestRead(cache + "/feed"))
        let newline = try XCTUnwrap(whole.firstIndex(of: 0x0A))
        let fields = String(decoding: whole[..<newline], as: UTF8.self).split(separator: " ").map(String.init)
        XCTAssertEqual(fields.count, 5)
        let respellings = [
            fields.joined(separator: "  "),
            ([fields[0], fields[1], "+" + fields[2]] + fields[3...]).joined(separator: " "),
            (fields[..<3] + ["+" + fields[3], fields[4]]).joined(separator: " "),
            (fields[..<3] + ["0" + fields[3], fields[4]]).joined(separator: " "),
            fields.joined(separator: " ") + " ",
        ]
        for header in respellings {
            cacheTestWrite(Array(header.utf8) + whole[newline...], to: cache + "/feed")

            expectRetrievalError(from: makeSUT(cache), header)
        }
    }

    func test_retrieve_failsWithoutBlockingOnAFIFOInPlaceOfTheFeedFile() throws {
        let cache = makeEmptyCacheDirectory()
        XCTAssertEqual(mkfifo(cache + "/feed", 0o600), 0)
        let sut = makeSUT(cache)

        var failed = false
        let finished = runWithTimeout(seconds: 10) {
            do { _ = try sut.retrieve() } catch { failed = (error as? StoreError)?.kind == .retrieval }
        }

        XCTAssertTrue(finished, "retrieve must not wait for a writer on a FIFO")
        XCTAssertTrue(failed)
    }

    func test_retrieve_failsWhenTheCachePathIsAFile() throws {
        let root = makeCacheTestDirectory()
        cacheTestWrite(Array("a file".utf8), to: root + "/cache")

        expectRetrievalError(from: makeSUT(root + "/cache"))
    }

    // MARK: - Insert

    func test_insert_deliversNoErrorOnEmptyCache() {
        let sut = makeSUT(makeCachePath())

        assertThatInsertDeliversNoErrorOnEmptyCache(on: sut)
    }

    func test_insert_deliversNoErrorOnNonEmptyCache() throws {
        let sut = makeSUT(makeCachePath())

        try assertThatInsertDeliversNoErrorOnNonEmptyCache(on: sut)
    }

    func test_insert_overridesPreviouslyInsertedCacheValues() throws {
        let sut = makeSUT(makeCachePath())

        try assertThatInsertOverridesPreviouslyInsertedCacheValues(on: sut)
    }

    func test_insert_createsMissingDirectories() throws {
        let root = makeCacheTestDirectory()
        let sut = makeSUT(root + "/a/b/cache")
        let feed = uniqueCachedFeed(savedAt: Timestamp.cacheTestNow)

        try sut.insert(feed, keepingImageDataFor: [])

        XCTAssertEqual(cacheTestFileType(root + "/a/b/cache"), S_IFDIR)
        XCTAssertEqual(try makeSUT(root + "/a/b/cache").retrieve(), feed)
    }

    func test_insert_replacesACorruptFeed() throws {
        let cache = makeEmptyCacheDirectory()
        cacheTestWrite(Array("garbage".utf8), to: cache + "/feed")
        let sut = makeSUT(cache)
        let feed = uniqueCachedFeed(savedAt: Timestamp.cacheTestNow)

        try sut.insert(feed, keepingImageDataFor: [])

        XCTAssertEqual(try sut.retrieve(), feed)
    }

    func test_insert_failsWhenTheCachePathIsAFile() throws {
        let root = makeCacheTestDirectory()
        cacheTestWrite(Array("a file".utf8), to: root + "/cache")

        XCTAssertThrowsError(try makeSUT(root + "/cache").insert(uniqueCachedFeed(savedAt: Timestamp.cacheTestNow), keepingImageDataFor: [])) { error in
            XCTAssertEqual((error as? StoreError)?.kind, .saving, "\(error)")
        }
        XCTAssertEqual(cacheTestRead(root + "/cache"), Array("a file".utf8))
    }

    func test_insert_keepsImageDataForURLsInTheKeepSetAndDeletesTheRest() throws {
        let sut = makeSUT(makeCachePath())

        try assertThatInsertKeepsImageDataForURLsInTheKeepSetAndDeletesTheRest(on: sut)
    }

    func test_insert_withAnEmptyKeepSetDeletesAllImageData() throws {
        let cache = makeCachePath()
        let sut = makeSUT(cache)

        try assertThatInsertWithAnEmptyKeepSetDeletesAllImageData(on: sut)

        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: cache + "/images"), [])
    }

    func test_insert_removesStaleTemporaryFiles() throws {
        let cache = makeCachePath()
        let sut = makeSUT(cache)
        try sut.insert(Array("data".utf8), for: "https://h/1")
        cacheTestWrite(Array("half a feed".utf8), to: cache + "/.tmp-feed-12345-678")
        cacheTestWrite(Array("half an image".utf8), to: cache + "/images/.tmp-0123abcd-12345-678")

        try sut.insert(uniqueCachedFeed(savedAt: Timestamp.cacheTestNow), keepingImageDataFor: ["https://h/1"])

        XCTAssertEqual(cacheTestTree(cache).filter { $0.contains(".tmp-") }, [])
        XCTAssertEqual(try sut.retrieve(dataForURL: "https://h/1"), Array("data".utf8))
    }

    func test_insert_leavesNoTemporaryFileBehind() throws {
        let cache = makeCachePath()
        let sut = makeSUT(cache)

        try sut.insert(uniqueCachedFeed(savedAt: Timestamp.cacheTestNow), keepingImageDataFor: ["https://h/1"])
        try sut.insert(Array("data".utf8), for: "https://h/1")
        try sut.insert(uniqueCachedFeed(savedAt: Timestamp.cacheTestNow), keepingImageDataFor: ["https://h/1"])
        try sut.insert(Array("other data".utf8), for: "https://h/1")

        XCTAssertEqual(cacheTestTree(cache).filter { $0.contains(".tmp-") }, [])
        XCTAssertEqual(Set(cacheTestTree(cache)), ["feed", ".lock", "images", "images/" + SHA256.hex(Array("https://h/1".utf8))])
    }

    // MARK: - Delete

    func test_delete_deliversNoErrorOnEmptyCache() {
        let sut = makeSUT(makeEmptyCacheDirectory())

        assertThatDeleteDeliversNoErrorOnEmptyCache(on: sut)
    }

    func test_delete_hasNoEffectOnEmptyCache() throws {
        let cache = makeEmptyCacheDirectory()
        let sut = makeSUT(cache)

        try assertThatDeleteHasNoEffectOnEmptyCache(on: sut)

        XCTAssertEqual(cacheTestTree(cache).filter { $0 != ".lock" }, [])
    }

    func test_delete_onAMissingDirectoryDoesNotCreateIt() throws {
        let root = makeCacheTestDirectory()
        let sut = makeSUT(root + "/cache")

        XCTAssertNoThrow(try sut.deleteCachedFeed())
        XCTAssertEqual(cacheTestTree(root), [])
    }

    func test_delete_deliversNoErrorOnNonEmptyCache() throws {
        let sut = makeSUT(makeCachePath())

        try assertThatDeleteDeliversNoErrorOnNonEmptyCache(on: sut)
    }

    func test_delete_emptiesPreviouslyInsertedCache() throws {
        let cache = makeCachePath()
        let sut = makeSUT(cache)

        try assertThatDeleteEmptiesPreviouslyInsertedCache(on: sut)

        XCTAssertNil(cacheTestFileType(cache + "/feed"))
    }

    func test_delete_removesImageData() throws {
        let cache = makeCachePath()
        let sut = makeSUT(cache)

        try assertThatDeleteRemovesImageData(on: sut)

        XCTAssertEqual(cacheTestTree(cache).filter { $0.hasPrefix("images/") }, [])
    }

    func test_delete_removesACorruptFeedAndADirectoryInItsPlace() throws {
        let cache = makeEmptyCacheDirectory()
        cacheTestWrite(Array("garbage".utf8), to: cache + "/feed")
        try makeSUT(cache).deleteCachedFeed()
        XCTAssertNil(cacheTestFileType(cache + "/feed"))

        try FileManager.default.createDirectory(atPath: cache + "/feed/nested", withIntermediateDirectories: true)
        cacheTestWrite(Array("x".utf8), to: cache + "/feed/nested/file")
        try makeSUT(cache).deleteCachedFeed()
        XCTAssertNil(cacheTestFileType(cache + "/feed"))
    }

    // MARK: - Separate instances

    func test_storeSideEffects_runSeriallyAcrossInstances() throws {
        let cache = makeCachePath()
        let first = makeSUT(cache)
        let second = makeSUT(cache)
        let feed = uniqueCachedFeed(savedAt: Timestamp.cacheTestNow)

        try first.insert(feed, keepingImageDataFor: ["https://h/1"])
        try first.insert(Array("data".utf8), for: "https://h/1")
        XCTAssertEqual(try second.retrieve(), feed)
        XCTAssertEqual(try second.retrieve(dataForURL: "https://h/1"), Array("data".utf8))

        let latest = uniqueCachedFeed(savedAt: Timestamp.cacheTestNow.adding(seconds: 1))
        try second.insert(latest, keepingImageDataFor: [])
        XCTAssertEqual(try first.retrieve(), latest)
        XCTAssertNil(try first.retrieve(dataForURL: "https://h/1"))

        try second.deleteCachedFeed()
        XCTAssertNil(try first.retrieve())
    }

    // MARK: - Deleting when stale: retrieve and delete under one lock

    func test_deleteIfStale_onAMissingDirectory_asksAboutNoFeedWithoutCreatingIt() throws {
        let root = makeCacheTestDirectory()
        let sut = makeSUT(root + "/cache")
        var asked: [CachedFeed?] = []

        try sut.deleteCachedFeed { retrieved in
            asked.append(try? retrieved.get())
            return true
        }

        XCTAssertEqual(asked, [nil])
        XCTAssertEqual(cacheTestTree(root), [])
    }

    func test_deleteIfStale_deletesWhatItWasToldIsStale_withoutDeadlockingOnItsOwnLock() throws {
        let cache = makeCachePath()
        let sut = makeSUT(cache)
        var thrown: Error?

        let finished = runWithTimeout(seconds: 10) {
            do { try self.assertThatDeleteIfStaleDeletesWhatItWasToldIsStale(on: sut) } catch { thrown = error }
        }

        XCTAssertTrue(finished, "deleting must not deadlock on its own store's lock")
        if finished, let thrown { throw thrown }
        XCTAssertNil(cacheTestFileType(cache + "/feed"))
    }

    func test_deleteIfStale_keepsAFeedItWasToldIsFresh() throws {
        let sut = makeSUT(makeCachePath())

        try assertThatDeleteIfStaleKeepsAFeedItWasToldIsFresh(on: sut)
    }

    func test_deleteIfStale_makesAnotherInstancesInsertWaitWhileItDecides() throws {
        let cache = makeCachePath()
        let holder = makeSUT(cache)
        let writer = makeSUT(cache)
        try holder.insert(uniqueCachedFeed(savedAt: Timestamp(seconds: 1)), keepingImageDataFor: [])
        let latest = uniqueCachedFeed(savedAt: Timestamp(seconds: 2))
        var inserted: DispatchGroup?

        var insertedWhileHeld = false
        var retrievedInside: CachedFeed?
        try holder.deleteCachedFeed { retrieved in
            inserted = runInBackground { try? writer.insert(latest, keepingImageDataFor: []) }
            insertedWhileHeld = inserted?.wait(timeout: .now() + 0.5) == .success
            retrievedInside = try? retrieved.get()
            return false
        }

        XCTAssertFalse(insertedWhileHeld, "another writer must wait while the store decides")
        XCTAssertEqual(retrievedInside?.timestamp, Timestamp(seconds: 1))
        XCTAssertEqual(inserted?.wait(timeout: .now() + 10), .success, "the waiting writer must go on once the lock is let go")
        XCTAssertEqual(try holder.retrieve(), latest)
    }

    // MARK: - Validate, end to end

    func test_validateCache_deletesAnExpiredFeedAndItsImagesFromDisk() throws {
        let cache = makeCachePath()
        let store = makeSUT(cache)
        let now = Timestamp.cacheTestNow
        try store.insert(uniqueCachedFeed(savedAt: now.minusFeedCacheMaxAge()), keepingImageDataFor: ["https://h/1"])
        try store.insert(Array("data".utf8), for: "https://h/1")
        let loader = LocalFeedLoader(store: store, currentDate: { now })

        let finished = runWithTimeout(seconds: 10) { try? loader.validateCache() }

        XCTAssertTrue(finished, "validateCache must not deadlock")
        XCTAssertNil(try store.retrieve())
        XCTAssertNil(try store.retrieve(dataForURL: "https://h/1"))
    }

    func test_validateCache_deletesACorruptFeedFromDisk() throws {
        let cache = makeEmptyCacheDirectory()
        cacheTestWrite(Array("garbage".utf8), to: cache + "/feed")
        let loader = LocalFeedLoader(store: makeSUT(cache), currentDate: { Timestamp.cacheTestNow })

        let finished = runWithTimeout(seconds: 10) { try? loader.validateCache() }

        XCTAssertTrue(finished, "validateCache must not deadlock")
        XCTAssertNil(cacheTestFileType(cache + "/feed"))
    }

    func test_validateCache_keepsAValidFeedOnDisk() throws {
        let cache = makeCachePath()
        let store = makeSUT(cache)
        let now = Timestamp.cacheTestNow
        let feed = uniqueCachedFeed(savedAt: now.minusFeedCacheMaxAge().adding(seconds: 1))
        try store.insert(feed, keepingImageDataFor: ["https://h/1"])
        try store.insert(Array("data".utf8), for: "https://h/1")
        let loader = LocalFeedLoader(store: store, currentDate: { now })

        XCTAssertNoThrow(try loader.validateCache())

        XCTAssertEqual(try store.retrieve(), feed)
        XCTAssertEqual(try store.retrieve(dataForURL: "https://h/1"), Array("data".utf8))
    }

    func test_validateCache_failsWithDeletionWhenTheCacheCannotBeLocked() throws {
        let cache = makeEmptyCacheDirectory()
        cacheTestWrite(Array("garbage".utf8), to: cache + "/feed")
        try FileManager.default.createDirectory(atPath: cache + "/.lock", withIntermediateDirectories: false)
        let loader = LocalFeedLoader(store: makeSUT(cache), currentDate: { Timestamp.cacheTestNow })

        XCTAssertThrowsError(try loader.validateCache()) { error in
            XCTAssertEqual((error as? ToolError)?.kind, .deletion, "\(error)")
        }
        XCTAssertEqual(cacheTestRead(cache + "/feed"), Array("garbage".utf8))
    }

    // MARK: - Image data

    func test_retrieveImageData_deliversNotFoundOnEmptyCache() throws {
        let root = makeCacheTestDirectory()
        try assertThatRetrieveImageDataDeliversNotFoundOnEmptyCache(on: makeSUT(root + "/cache"))
        XCTAssertEqual(cacheTestTree(root), [], "retrieve must not create the cache directory")

        let cache = makeEmptyCacheDirectory()
        try assertThatRetrieveImageDataDeliversNotFoundOnEmptyCache(on: makeSUT(cache))
        XCTAssertEqual(cacheTestTree(cache), [])
    }

    func test_retrieveImageData_deliversNotFoundForAnotherURL() throws {
        let sut = makeSUT(makeCachePath())

        try assertThatRetrieveImageDataDeliversNotFoundForAnotherURL(on: sut)
    }

    func test_retrieveImageData_deliversStoredDataForURL() throws {
        let sut = makeSUT(makeCachePath())

        let stored = try assertThatRetrieveImageDataDeliversStoredDataForURL(on: sut)

        XCTAssertEqual(try makeSUT(sut.path).retrieve(dataForURL: stored.url), stored.data)
    }

    func test_retrieveImageData_deliversLastInsertedValue() throws {
        let sut = makeSUT(makeCachePath())

        try assertThatRetrieveImageDataDeliversLastInsertedValue(on: sut)
    }

    func test_retrieveImageData_failsOnACorruptImageFile() throws {
        let cache = makeCachePath()
        let sut = makeSUT(cache)
        try sut.insert(Array("image data".utf8), for: "https://h/1")
        let path = cache + "/images/" + SHA256.hex(Array("https://h/1".utf8))
        let whole = try XCTUnwrap(cacheTestRead(path))

        var flipped = whole
        flipped[whole.count - 1] ^= 0x01
        for corrupt in [flipped, Array(whole.dropLast()), [], Array("garbage".utf8)] {
            cacheTestWrite(corrupt, to: path)

            XCTAssertThrowsError(try sut.retrieve(dataForURL: "https://h/1")) { error in
                XCTAssertEqual((error as? StoreError)?.kind, .retrieval, "\(error)")
            }
        }
    }

    func test_retrieveImageData_failsOnAHeaderWithHugeLengths() throws {
        let cache = makeCachePath()
        let sut = makeSUT(cache)
        try sut.insert(Array("image data".utf8), for: "https://h/1")
        let path = cache + "/images/" + SHA256.hex(Array("https://h/1".utf8))
        let body = Array("https://h/1image data".utf8)
        let checksum = CacheChecksum.hex(CacheChecksum.of(body))

        for (keyLength, dataLength) in [(Int.max, 1), (1, Int.max), (Int.max, Int.max), (Int.max - 5, 15)] {
            cacheTestWrite(Array("essential-feed-image 1 \(keyLength) \(dataLength) \(checksum)\n".utf8) + body, to: path)

            XCTAssertThrowsError(try sut.retrieve(dataForURL: "https://h/1"), "lengths \(keyLength) and \(dataLength)") { error in
                XCTAssertEqual((error as? StoreError)?.kind, .retrieval, "\(error)")
            }
        }
    }

    func test_insertImageData_ofTheBytesAlreadyStored_leavesTheFileAsItIs() throws {
        let cache = makeCachePath()
        let sut = makeSUT(cache)
        let data = Array("the same image".utf8)
        try sut.insert(data, for: "https://h/1")
        let path = cache + "/images/" + SHA256.hex(Array("https://h/1".utf8))
        let before = try XCTUnwrap(fileStatus(path))

        try sut.insert(data, for: "https://h/1")

        let after = try XCTUnwrap(fileStatus(path))
        XCTAssertEqual(after.st_ino, before.st_ino, "the same bytes again must not replace the file")
        XCTAssertEqual(try sut.retrieve(dataForURL: "https://h/1"), data)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: cache + "/images").count, 1, "no temporary file left")
    }

    func test_insertImageData_ofTheBytesAlreadyStored_stillReplacesAFileThatIsNotAsAWriteLeavesIt() throws {
        let cache = makeCachePath()
        let sut = makeSUT(cache)
        let data = Array("the same image".utf8)
        let path = cache + "/images/" + SHA256.hex(Array("https://h/1".utf8))
        let loosen: [(String, () -> Void)] = [
            ("mode 0644", { chmod(path, 0o644) }),
            ("a second link", { link(path, cache + "/second-link") }),
            ("a byte changed", {
                var bytes = cacheTestRead(path) ?? []
                bytes[bytes.count - 1] ^= 0x01
                cacheTestWrite(bytes, to: path)
                chmod(path, 0o600)
            }),
        ]
        for (what, change) in loosen {
            try sut.insert(data, for: "https://h/1")
            change()
            let before = try XCTUnwrap(fileStatus(path), what)

            try sut.insert(data, for: "https://h/1")

            let after = try XCTUnwrap(fileStatus(path), what)
            XCTAssertNotEqual(after.st_ino, before.st_ino, "\(what): the file must be written again")
            XCTAssertEqual(after.st_mode & 0o7777, 0o600, what)
            XCTAssertEqual(after.st_nlink, 1, what)
            XCTAssertEqual(try sut.retrieve(dataForURL: "https://h/1"), data, what)
            unlink(cache + "/second-link")
        }
    }

    private func fileStatus(_ path: String) -> stat? {
        var info = stat()
        return lstat(path, &info) == 0 ? info : nil
    }

    func test_retrieveImageData_doesNotDeliverAnotherURLsDataFiledUnderThisURLsName() throws {
        let cache = makeCachePath()
        let sut = makeSUT(cache)
        try sut.insert(Array("data of 1".utf8), for: "https://h/1")
        let images = cache + "/images/"
        try FileManager.default.copyItem(atPath: images + SHA256.hex(Array("https://h/1".utf8)),
                                         toPath: images + SHA256.hex(Array("https://h/2".utf8)))

        XCTAssertNil(try sut.retrieve(dataForURL: "https://h/2"))
    }

    func test_imageKeys_hostileURLsRoundTripAndStayInsideTheImagesDirectory() throws {
        let root = makeCacheTestDirectory()
        let cache = root + "/cache"
        let sut = makeSUT(cache)
        let urls = [
            "..", ".", "/", "", "%2F", "..%2F..%2Fetc%2Fpasswd", "a/../../etc", "../../../../../../etc/passwd",
            "https://h/../../x", "https://h/a%2F..%2F..%2Fb", "https://h/" + String(repeating: "x", count: 5_000),
            "https://h/ünïcødé/☕/🙂", "https://h/e\u{301}", "https://h/é", "https://h/with\nnewline", "https://h/nul\u{0}byte",
            "images", "feed", ".lock", ".tmp-feed-1-2",
        ]

        for (index, url) in urls.enumerated() {
            try sut.insert(Array("data \(index)".utf8), for: url)
        }

        for (index, url) in urls.enumerated() {
            XCTAssertEqual(try sut.retrieve(dataForURL: url), Array("data \(index)".utf8), "URL #\(index)")
            XCTAssertEqual(try makeSUT(cache).retrieve(dataForURL: url), Array("data \(index)".utf8), "URL #\(index), another instance")
        }
        let tree = cacheTestTree(root)
        XCTAssertTrue(tree.allSatisfy { $0 == "cache" || $0.hasPrefix("cache/") }, "\(tree)")
        let imageNames = tree.filter { $0.hasPrefix("cache/images/") }.map { String($0.dropFirst("cache/images/".count)) }
        XCTAssertEqual(imageNames.count, urls.count)
        XCTAssertTrue(imageNames.allSatisfy(isSHA256Hex), "\(imageNames)")
        XCTAssertEqual(Set(tree).subtracting(imageNames.map { "cache/images/" + $0 }), ["cache", "cache/.lock", "cache/images"])
    }

    func test_imageKeys_hostileURLsInTheKeepSetAreKeptAndOthersDropped() throws {
        let root = makeCacheTestDirectory()
        let sut = makeSUT(root + "/cache")
        let kept = ["..", "a/../../etc", "https://h/☕"]
        let dropped = ["%2F", "https://h/" + String(repeating: "y", count: 5_000)]
        for url in kept + dropped { try sut.insert(Array(url.utf8), for: url) }

        try sut.insert(uniqueCachedFeed(savedAt: Timestamp.cacheTestNow), keepingImageDataFor: Set(kept))

        for url in kept { XCTAssertEqual(try sut.retrieve(dataForURL: url), Array(url.utf8), url) }
        for url in dropped { XCTAssertNil(try sut.retrieve(dataForURL: url), String(url.prefix(20))) }
        XCTAssertTrue(cacheTestTree(root).allSatisfy { $0 == "cache" || $0.hasPrefix("cache/") })
    }

    // MARK: - Permissions

    func test_insert_createsDirectoriesMode0700AndFilesMode0600WithARestrictiveUmask() throws {
        try expectPrivatePermissions(underUmask: 0o077)
    }

    func test_insert_createsDirectoriesMode0700AndFilesMode0600WithAnOpenUmask() throws {
        try expectPrivatePermissions(underUmask: 0)
    }

    func test_insert_createsDirectoriesMode0700AndFilesMode0600WithTheUsualUmask() throws {
        try expectPrivatePermissions(underUmask: 0o022)
    }

    // MARK: - Symbolic links

    func test_retrieve_doesNotFollowASymbolicLinkAtTheFeedPath() throws {
        let root = makeCacheTestDirectory()
        let other = makeSUT(root + "/other")
        try other.insert(uniqueCachedFeed(savedAt: Timestamp.cacheTestNow), keepingImageDataFor: [])
        let cache = root + "/cache"
        try FileManager.default.createDirectory(atPath: cache, withIntermediateDirectories: false)
        XCTAssertEqual(symlink(root + "/other/feed", cache + "/feed"), 0)

        expectRetrievalError(from: makeSUT(cache), "a link to another cache's valid feed")
    }

    func test_insert_replacesASymbolicLinkAtTheFeedPathInsteadOfWritingThroughIt() throws {
        let root = makeCacheTestDirectory()
        let outside = root + "/outside-target"
        let outsideBytes = Array("the outside file\n".utf8)
        cacheTestWrite(outsideBytes, to: outside)
        let cache = root + "/cache"
        try FileManager.default.createDirectory(atPath: cache, withIntermediateDirectories: false)
        XCTAssertEqual(symlink(outside, cache + "/feed"), 0)
        let sut = makeSUT(cache)
        let feed = uniqueCachedFeed(savedAt: Timestamp.cacheTestNow)

        try sut.insert(feed, keepingImageDataFor: [])

        XCTAssertEqual(cacheTestRead(outside), outsideBytes, "the link's target must stay unchanged")
        XCTAssertEqual(cacheTestFileType(cache + "/feed"), S_IFREG, "the link must be replaced by the feed file")
        XCTAssertEqual(try sut.retrieve(), feed)
    }

    func test_delete_removesASymbolicLinkAtTheFeedPathButNotItsTarget() throws {
        let root = makeCacheTestDirectory()
        let outside = root + "/outside-target"
        cacheTestWrite(Array("keep me".utf8), to: outside)
        let cache = root + "/cache"
        try FileManager.default.createDirectory(atPath: cache, withIntermediateDirectories: false)
        XCTAssertEqual(symlink(outside, cache + "/feed"), 0)

        try makeSUT(cache).deleteCachedFeed()

        XCTAssertEqual(cacheTestRead(outside), Array("keep me".utf8))
        XCTAssertNil(cacheTestFileType(cache + "/feed"))
    }

    func test_imagesDirectoryLink_isNeitherWrittenThroughNorPrunedThrough() throws {
        let root = makeCacheTestDirectory()
        let outside = root + "/outside-images"
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: false)
        let victim = outside + "/" + SHA256.hex(Array("https://h/1".utf8))
        cacheTestWrite(Array("not the cache's".utf8), to: victim)
        let cache = root + "/cache"
        try FileManager.default.createDirectory(atPath: cache, withIntermediateDirectories: false)
        XCTAssertEqual(symlink(outside, cache + "/images"), 0)
        let sut = makeSUT(cache)

        // A writer replaces the planted link with a directory of its own
        // (removing the link, never what it points to) and stores there.
        XCTAssertNoThrow(try sut.insert(Array("data".utf8), for: "https://h/2"))
        XCTAssertEqual(cacheTestFileType(cache + "/images"), cacheTestFileType(outside), "a real directory now")
        XCTAssertEqual(try sut.retrieve(dataForURL: "https://h/2"), Array("data".utf8))
        XCTAssertNil(try sut.retrieve(dataForURL: "https://h/1"), "the outside file is not the cache's")
        _ = try? sut.insert(uniqueCachedFeed(savedAt: Timestamp.cacheTestNow), keepingImageDataFor: [])
        _ = try? sut.deleteCachedFeed()

        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: outside), [SHA256.hex(Array("https://h/1".utf8))])
        XCTAssertEqual(cacheTestRead(victim), Array("not the cache's".utf8))
    }

    func test_insert_doesNotCreateTheTargetOfADanglingLinkAtTheLockPath() throws {
        let root = makeCacheTestDirectory()
        let cache = root + "/cache"
        try FileManager.default.createDirectory(atPath: cache, withIntermediateDirectories: false)
        XCTAssertEqual(symlink(root + "/created-through-the-link", cache + "/.lock"), 0)

        _ = try? makeSUT(cache).insert(uniqueCachedFeed(savedAt: Timestamp.cacheTestNow), keepingImageDataFor: [])

        XCTAssertNil(cacheTestFileType(root + "/created-through-the-link"))
    }

    func test_imageInsert_replacesALinkAtTheImagePathAndPruningRemovesOnlyTheLink() throws {
        let root = makeCacheTestDirectory()
        let outside = root + "/outside-target"
        cacheTestWrite(Array("outside".utf8), to: outside)
        let cache = root + "/cache"
        let sut = makeSUT(cache)
        try sut.insert(Array("first".utf8), for: "https://h/1")
        let image = cache + "/images/" + SHA256.hex(Array("https://h/1".utf8))
        try FileManager.default.removeItem(atPath: image)
        XCTAssertEqual(symlink(outside, image), 0)

        XCTAssertThrowsError(try sut.retrieve(dataForURL: "https://h/1"), "a link is not the cache's image file")
        try sut.insert(Array("second".utf8), for: "https://h/1")
        XCTAssertEqual(cacheTestFileType(image), S_IFREG)
        XCTAssertEqual(try sut.retrieve(dataForURL: "https://h/1"), Array("second".utf8))

        try FileManager.default.removeItem(atPath: image)
        XCTAssertEqual(symlink(outside, image), 0)
        try sut.insert(uniqueCachedFeed(savedAt: Timestamp.cacheTestNow), keepingImageDataFor: [])
        XCTAssertNil(cacheTestFileType(image))

        XCTAssertEqual(cacheTestRead(outside), Array("outside".utf8))
    }

    // MARK: - Concurrency

    func test_concurrentWritersAndReaders_readersSeeOnlyWholeFeedsAndALastWriterWins() throws {
        let cache = makeCachePath()
        let writers = 4, insertsPerWriter = 15
        let feeds = (0..<writers).map { writer in
            (0..<insertsPerWriter).map { index in
                CachedFeed(document: Array(#"{"items":[{"writer":\#(writer),"index":\#(index),"padding":"\#(String(repeating: "p", count: 20_000 * (index % 3)))"}]}"#.utf8) + [0x0A],
                           timestamp: Timestamp(seconds: Int64(writer * 1_000 + index)))
            }
        }
        let written = Set(feeds.flatMap { $0 }.map { $0.timestamp })
        let state = CacheTestConcurrencyState()

        let finishedWriters = (0..<writers).map { writer in
            runInBackground {
                let store = FileSystemFeedStore(path: cache, temporaries: UnwatchedTemporaryFiles())
                for feed in feeds[writer] {
                    do { try store.insert(feed, keepingImageDataFor: []) } catch { state.record("insert: \(error)") }
                }
            }
        }
        let finishedReader = runInBackground {
            let store = FileSystemFeedStore(path: cache, temporaries: UnwatchedTemporaryFiles())
            repeat {
                do {
                    if let feed = try store.retrieve() {
                        let expected = feeds.flatMap { $0 }.first { $0.timestamp == feed.timestamp }
                        if expected != feed { state.record("read a feed that was never written whole: \(feed.timestamp)") }
                    }
                } catch {
                    state.record("retrieve: \(error)")
                }
            } while !state.writersDone
        }

        for finished in finishedWriters {
            XCTAssertEqual(finished.wait(timeout: .now() + 60), .success, "a writer did not finish")
        }
        state.writersDone = true
        XCTAssertEqual(finishedReader.wait(timeout: .now() + 60), .success, "the reader did not finish")

        XCTAssertEqual(state.failures, [])
        let final = try XCTUnwrap(try makeSUT(cache).retrieve())
        XCTAssertTrue(written.contains(final.timestamp))
        XCTAssertTrue(feeds.contains { $0.last == final }, "the last feed of the last writer to finish must win, got \(final.timestamp)")
        XCTAssertEqual(cacheTestTree(cache).filter { $0.contains(".tmp-") }, [])
    }

    // MARK: - Helpers

    private func makeSUT(_ path: String, file: StaticString = #filePath, line: UInt = #line) -> FileSystemFeedStore {
        let sut = FileSystemFeedStore(path: path, temporaries: UnwatchedTemporaryFiles())
        trackCacheObjectForLeaks(sut, file: file, line: line)
        return sut
    }

    /// A cache path in a fresh temporary directory; nothing there yet.
    private func makeCachePath() -> String {
        makeCacheTestDirectory() + "/cache"
    }

    /// An existing, empty cache directory.
    private func makeEmptyCacheDirectory() -> String {
        makeCacheTestDirectory()
    }

    private func expectRetrievalError(from sut: FileSystemFeedStore, _ context: String = "",
                                      file: StaticString = #filePath, line: UInt = #line) {
        do {
            let feed = try sut.retrieve()
            XCTFail("Expected a retrieval error (\(context)), got \(String(describing: feed))", file: file, line: line)
        } catch {
            XCTAssertEqual((error as? StoreError)?.kind, .retrieval, "\(context): \(error)", file: file, line: line)
        }
    }

    /// What the cache keeps on disk: every path under it, and the feed file's bytes.
    private struct DiskState: Equatable {
        let tree: [String]
        let feedBytes: [UInt8]?

        init(_ cache: String) {
            tree = cacheTestTree(cache)
            feedBytes = cacheTestRead(cache + "/feed")
        }
    }

    private func isSHA256Hex(_ name: String) -> Bool {
        name.utf8.count == 64 && name.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    private func expectPrivatePermissions(underUmask mask: mode_t, file: StaticString = #filePath, line: UInt = #line) throws {
        let root = makeCacheTestDirectory()
        let cache = root + "/parent/cache"

        try withCacheTestUmask(mask) {
            let sut = makeSUT(cache)
            try sut.insert(uniqueCachedFeed(savedAt: Timestamp.cacheTestNow), keepingImageDataFor: ["https://h/1"])
            try sut.insert(Array("data".utf8), for: "https://h/1")
        }

        let tree = cacheTestTree(root)
        XCTAssertEqual(Set(tree), ["parent", "parent/cache", "parent/cache/feed", "parent/cache/.lock", "parent/cache/images",
                                   "parent/cache/images/" + SHA256.hex(Array("https://h/1".utf8))], file: file, line: line)
        for path in tree {
            let full = root + "/" + path
            let expected: mode_t = cacheTestFileType(full) == S_IFDIR ? 0o700 : 0o600
            XCTAssertEqual(cacheTestPermissions(full), expected,
                           "\(path) is \(String(cacheTestPermissions(full) ?? 0, radix: 8)) under umask \(String(mask, radix: 8))",
                           file: file, line: line)
        }
    }

    /// Runs `body` on another thread; false if it has not returned within `seconds`.
    private func runWithTimeout(seconds: Double, _ body: @escaping () -> Void) -> Bool {
        runInBackground(body).wait(timeout: .now() + seconds) == .success
    }

    /// Starts `body` on another thread; the group is left once it has
    /// returned and let go of everything it captured.
    private func runInBackground(_ body: @escaping () -> Void) -> DispatchGroup {
        final class Job: @unchecked Sendable {
            var body: (() -> Void)?
            init(_ body: @escaping () -> Void) { self.body = body }
        }
        let done = DispatchGroup()
        let job = Job(body)
        done.enter()
        DispatchQueue.global().async {
            job.body?()
            job.body = nil
            done.leave()
        }
        return done
    }
}

/// What the threads of a concurrency test saw.
final class CacheTestConcurrencyState: @unchecked Sendable {
    private let lock = NSLock()
    private var _failures: [String] = []
    private var _writersDone = false

    var failures: [String] { lock.lock(); defer { lock.unlock() }; return _failures }
    var writersDone: Bool {
        get { lock.lock(); defer { lock.unlock() }; return _writersDone }
        set { lock.lock(); _writersDone = newValue; lock.unlock() }
    }

    func record(_ failure: String) {
        lock.lock(); _failures.append(failure); lock.unlock()
    }
}
