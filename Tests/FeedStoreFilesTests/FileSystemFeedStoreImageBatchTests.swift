import Foundation
import XCTest
import FeedTestSupport
import FeedCore
import FeedStoreFiles

/// The file store's batch of image data, which a prefetch writes into as the
/// records arrive: each image is a temporary file from the moment it is
/// added and no reader sees it before the commit; the writer lock is held
/// from the first image to the commit, so no other writer sweeps those
/// temporaries; a batch dropped without a commit leaves nothing behind; and
/// no more than `maxTemporaryFilesAtOnce` temporaries ever exist at once.
final class FileSystemFeedStoreImageBatchTests: XCTestCase, FileSystemFeedStoreTesting {
    private func url(_ number: Int) -> String { "https://image-host.example/batch/\(number).png" }
    private func data(_ number: Int) -> [UInt8] { Array("image \(number)".utf8) }

    func test_addedImages_areTemporaryFiles_unseenByReaders_untilTheCommit() throws {
        let path = makeCachePath()
        let sut = makeSUT(path)
        let batch = sut.openBatch()

        for number in 0..<3 { batch.add(data(number), for: url(number)) }

        XCTAssertEqual(temporaries(in: path).count, 3, "written as they are added")
        XCTAssertEqual(imageFiles(in: path), [])
        let reader = makeSUT(path)
        for number in 0..<3 { XCTAssertNil(try reader.retrieve(dataForURL: url(number)), "visible before the commit") }

        XCTAssertEqual(batch.commit().map { $0 == nil }, [true, true, true])
        XCTAssertEqual(temporaries(in: path), [])
        for number in 0..<3 { XCTAssertEqual(try makeSUT(path).retrieve(dataForURL: url(number)), data(number)) }
    }

    func test_batch_holdsTheWriterLock_fromItsFirstImageToItsCommit() throws {
        let path = makeCachePath()
        let sut = makeSUT(path)
        let batch = sut.openBatch()
        XCTAssertFalse(FileManager.default.fileExists(atPath: path), "an empty batch touches nothing")

        batch.add(data(0), for: url(0))
        XCTAssertFalse(try canLock(path), "held after the first image")
        batch.add(data(1), for: url(1))
        XCTAssertFalse(try canLock(path))

        _ = batch.commit()
        XCTAssertTrue(try canLock(path), "released at the commit")
        batch.add(data(2), for: url(2))
        XCTAssertFalse(try canLock(path), "taken again by the next image")
        XCTAssertEqual(batch.commit().count, 1)
        XCTAssertTrue(try canLock(path))
    }

    func test_batchDroppedWithoutACommit_removesItsTemporaries_andReleasesTheLock() throws {
        let path = makeCachePath()
        let sut = makeSUT(path)
        var batch: ImageDataBatch? = sut.openBatch()
        for number in 0..<4 { batch?.add(data(number), for: url(number)) }
        XCTAssertEqual(temporaries(in: path).count, 4)

        batch = nil

        XCTAssertEqual(temporaries(in: path), [])
        XCTAssertEqual(imageFiles(in: path), [])
        XCTAssertTrue(try canLock(path))
    }

    func test_anotherWriterWaitsForTheBatch_andSweepsNoneOfItsTemporaries() throws {
        let path = makeCachePath()
        let sut = makeSUT(path)
        let batch = sut.openBatch()
        batch.add(data(0), for: url(0))
        let other = DispatchGroup()
        let otherStored = StoredCount()
        let (otherData, otherURL) = (data(1), url(1))
        DispatchQueue.global().async(group: other) {
            let failures = FileSystemFeedStore(path: path, temporaries: UnwatchedTemporaryFiles()).insert(eachOf: [(otherData, otherURL)])
            otherStored.value = failures.filter { $0 == nil }.count
        }
        XCTAssertEqual(other.wait(timeout: .now() + 0.3), .timedOut, "the other writer waits for the lock")
        batch.add(data(2), for: url(2))
        XCTAssertEqual(temporaries(in: path).count, 2)

        XCTAssertEqual(batch.commit().map { $0 == nil }, [true, true])
        XCTAssertEqual(other.wait(timeout: .now() + 10), .success)

        XCTAssertEqual(otherStored.value, 1)
        for number in 0..<3 { XCTAssertEqual(try makeSUT(path).retrieve(dataForURL: url(number)), data(number)) }
    }

    func test_moreImagesThanTheTemporaryLimit_arePublishedAsTheLimitIsReached() throws {
        let path = makeCachePath()
        let sut = makeSUT(path)
        let batch = sut.openBatch()
        let limit = FileSystemFeedStore.maxTemporaryFilesAtOnce

        for number in 0..<limit - 1 { batch.add(data(number), for: url(number)) }
        XCTAssertEqual(temporaries(in: path).count, limit - 1)
        batch.add(data(limit - 1), for: url(limit - 1))
        XCTAssertEqual(temporaries(in: path).count, 0, "published on reaching the limit")
        XCTAssertEqual(imageFiles(in: path).count, limit)
        batch.add(data(limit), for: url(limit))
        XCTAssertEqual(temporaries(in: path).count, 1)

        let failures = batch.commit()
        XCTAssertEqual(failures.count, limit + 1)
        XCTAssertEqual(failures.compactMap { $0 }.count, 0)
        XCTAssertEqual(imageFiles(in: path).count, limit + 1)
    }

    func test_imageAlreadyHeldExactly_isLeftAsItIs_withNoTemporary() throws {
        let path = makeCachePath()
        XCTAssertEqual(makeSUT(path).insert(eachOf: [(data(0), url(0))]).compactMap { $0 }.count, 0)
        let before = try inode(of: imageFiles(in: path)[0], in: path)
        let batch = makeSUT(path).openBatch()

        batch.add(data(0), for: url(0))

        XCTAssertEqual(temporaries(in: path), [])
        XCTAssertEqual(batch.commit().map { $0 == nil }, [true])
        XCTAssertEqual(try inode(of: imageFiles(in: path)[0], in: path), before)
    }

    // MARK: - Helpers

    /// What the other writer's thread reports; read after the group's wait.
    private final class StoredCount: @unchecked Sendable { var value = 0 }

    private func names(in path: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path + "/images")) ?? []).sorted()
    }

    private func temporaries(in path: String) -> [String] { names(in: path).filter { $0.hasPrefix(".tmp-") } }

    private func imageFiles(in path: String) -> [String] { names(in: path).filter { !$0.hasPrefix(".tmp-") } }

    private func inode(of name: String, in path: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: path + "/images/" + name)
        return (attributes[.systemFileNumber] as? Int) ?? -1
    }

    /// Whether another open file description can take the writer lock now.
    private func canLock(_ path: String) throws -> Bool {
        let file = open(path + "/.lock", O_RDWR | O_CLOEXEC)
        guard file >= 0 else { throw CocoaError(.fileReadNoPermission) }
        defer { close(file) }
        guard flock(file, LOCK_EX | LOCK_NB) == 0 else { return false }
        flock(file, LOCK_UN)
        return true
    }
}
