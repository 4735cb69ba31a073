import Foundation
import XCTest
import FeedTestSupport
import FeedPlatform

/// `feed-cache image save` as a real process at the end of a pipe: it reads a
/// record at a time and stores as it goes, so its memory does not follow the
/// input's size, a slow writer's images are stored before the input ends, a
/// `kill -9` keeps every image already stored whole, and a file-size limit
/// stores what fits and reports `saving` for the rest.
final class ImageSaveStreamingTests: XCTestCase {
    /// 9 bytes (a whole number of base64 groups) that tell one image from another, then shared bytes.
    private func body(_ number: Int, shared: [UInt8]) -> [UInt8] {
        Array(String(format: "%09d", number).utf8) + shared
    }

    private func record(url: String, number: Int, sharedBase64: String) -> [UInt8] {
        let head = Data(String(format: "%09d", number).utf8).base64EncodedString()
        return Array("{\"url\":\"\(url)\",\"status\":200,\"headers\":{},\"body_base64\":\"\(head)\(sharedBase64)\"}\n".utf8)
    }

    private func sharedBytes(_ count: Int) -> [UInt8] {
        var generator = SplitMix64(seed: UInt64(count))
        return (0..<count).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
    }

    func test_600ImagesOf1MiBThroughAPipe_peakUnder64MiB_andAreAllStored() throws {
        let root = makeTemporaryDirectory(self)
        let cache = root + "/cache"
        let shared = sharedBytes((1 << 20) - 9)
        let sharedBase64 = Data(shared).base64EncodedString()
        let url = { (number: Int) in "https://images.example/large/\(number).jpg" }

        let command = try SpawnedCommand("feed-cache", ["image", "save"], environment: ["FEED_CACHE_DIR": cache], in: root)
        var written = 0
        for number in 0..<600 where command.write(record(url: url(number), number: number, sharedBase64: sharedBase64)) { written += 1 }
        // Its input still open, it stores the last batch when the input stalls:
        // then its peak is read, just before the end of input lets it exit.
        let deadline = Date().addingTimeInterval(120)
        while storedImages(cache).count < 600, Date() < deadline { usleep(10_000) }
        let peakKiB = command.peakResidentKiB ?? .max
        let result = command.wait(timeout: 600)
        print("image save of 600 images of 1 MiB (\(written * sharedBase64.utf8.count / 1_000_000) MB of records): peak RSS \(peakKiB) KiB")

        XCTAssertEqual(written, 600)
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertFalse(result.signaled)
        XCTAssertEqual(result.err, "")
        XCTAssertLessThan(peakKiB, 64 * 1_024, "peak RSS in KiB")
        XCTAssertEqual(directoryEntries(cache + "/images").count, 600)
        for number in [0, 301, 599] {
            let load = try Command.run("feed-cache", ["image", "load", url(number)], environment: ["FEED_CACHE_DIR": cache])
            XCTAssertTrue(load.stdout == body(number, shared: shared), "image \(number): \(load.err)")
        }
    }

    func test_aSlowWriter_hasItsImagesStoredBeforeItsInputEnds() throws {
        let root = makeTemporaryDirectory(self)
        let cache = root + "/cache"
        let shared = sharedBytes(1_000)
        let command = try SpawnedCommand("feed-cache", ["image", "save"], environment: ["FEED_CACHE_DIR": cache], in: root)
        for number in 0..<3 {
            command.write(record(url: "https://images.example/slow/\(number)", number: number, sharedBase64: Data(shared).base64EncodedString()))
        }

        let deadline = Date().addingTimeInterval(10)
        while storedImages(cache).count < 3, Date() < deadline { usleep(5_000) }
        XCTAssertEqual(storedImages(cache).count, 3, "stored while the input is still open")
        let result = command.wait()

        XCTAssertEqual(result.status, 0, result.err)
        let load = try Command.run("feed-cache", ["image", "load", "https://images.example/slow/1"], environment: ["FEED_CACHE_DIR": cache])
        XCTAssertEqual(load.stdout, body(1, shared: shared))
    }

    func test_eachImageIsWrittenAsItsRecordArrives_beforeItsBatchIsCommitted() throws {
        let root = makeTemporaryDirectory(self)
        let cache = root + "/cache"
        let sharedBase64 = Data(sharedBytes(1_000)).base64EncodedString()
        let command = try SpawnedCommand("feed-cache", ["image", "save"], environment: ["FEED_CACHE_DIR": cache], in: root)
        // A record every 20 ms: never the stall (100 ms) nor the age (1 s)
        // that commits a batch, for the first 30 of them.
        var mostWrittenBeforeACommit = 0
        for number in 0..<30 {
            command.write(record(url: "https://images.example/steady/\(number)", number: number, sharedBase64: sharedBase64))
            let next = Date().addingTimeInterval(0.02)
            while Date() < next {
                if storedImages(cache).isEmpty { mostWrittenBeforeACommit = max(mostWrittenBeforeACommit, leftoverTemporaries(cache).count) }
                usleep(2_000)
            }
        }
        let result = command.wait()

        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertGreaterThanOrEqual(mostWrittenBeforeACommit, 3, "temporary files written while the records came, none yet committed")
        XCTAssertEqual(storedImages(cache).count, 30)
        XCTAssertEqual(leftoverTemporaries(cache), [])
    }

    func test_killedWithSIGKILLInASlowStream_everyStoredImageIsWhole_andTheNextWriterLeavesNoTemporaryFile() throws {
        let shared = sharedBytes(100_000)
        let sharedBase64 = Data(shared).base64EncodedString()
        var generator = SplitMix64(seed: testSeed(0x5EED_9))
        var killedMidWrite = 0
        for trial in 0..<4 {
            let root = makeTemporaryDirectory(self)
            let cache = root + "/cache"
            let env = ["FEED_CACHE_DIR": cache]
            let urls = (0..<300).map { "https://images.example/killed/\(trial)/\($0).jpg" }
            let command = try SpawnedCommand("feed-cache", ["image", "save"], environment: env, in: root)
            let writer = Thread {
                for (number, url) in urls.enumerated() {
                    guard command.write(self.record(url: url, number: number, sharedBase64: sharedBase64)) else { return }
                    usleep(3_000)
                }
                // Its input left open: it is alive, waiting for more, when it is killed.
            }
            writer.start()

            // Once the first images are stored, kill it: in the middle of a
            // batch's writes (a temporary file is there), or at any instant.
            let deadline = Date().addingTimeInterval(30)
            while storedImages(cache).isEmpty, Date() < deadline { usleep(1_000) }
            if trial < 2 {
                while leftoverTemporaries(cache).isEmpty, Date() < deadline { usleep(100) }
            } else {
                usleep(UInt32(generator.below(800_000)))
            }
            let storedBefore = storedImages(cache).count
            kill(command.pid, SIGKILL)
            let result = command.wait()
            XCTAssertTrue(result.signaled, "trial \(trial): \(result.err)")
            XCTAssertGreaterThan(storedBefore, 0, "trial \(trial)")
            if !leftoverTemporaries(cache).isEmpty { killedMidWrite += 1 }

            var loaded = 0
            for (number, url) in urls.enumerated() {
                let load = try Command.run("feed-cache", ["image", "load", url], environment: env)
                if load.status == 0 {
                    XCTAssertTrue(load.stdout == body(number, shared: shared), "trial \(trial), \(url): not the bytes sent")
                    loaded += 1
                } else {
                    XCTAssertEqual(load.status, 66, "trial \(trial), \(url): \(load.err)")
                }
            }
            XCTAssertGreaterThanOrEqual(loaded, storedBefore, "trial \(trial): an image stored before the kill is gone")
            XCTAssertEqual(loaded, storedImages(cache).count, "trial \(trial)")

            // A writer that died mid-write may leave a temporary file: the next one removes it.
            try writeFile(cache + "/images/.tmp-\(String(repeating: "ab", count: 32))-99999-12345", [1, 2, 3])
            let next = trial.isMultiple(of: 2)
                ? try Command.run("feed-cache", ["image", "save"], stdin: imageRecord(url: "https://images.example/next", body: [7]), environment: env)
                : try Command.run("feed-cache", ["save", "-q"], stdinBytes: generatedFeed(items: 3, tag: trial, including: urls), environment: env)
            XCTAssertEqual(next.status, 0, "trial \(trial): \(next.err)")
            XCTAssertEqual(leftoverTemporaries(cache), [], "trial \(trial)")
        }
        print("kill -9 of image save: \(killedMidWrite) of 4 kills left a temporary file behind")
    }

    func test_overTheFileSizeLimit_storesWhatFits_andReportsSavingForEachOfTheRest_inItsPlace() throws {
        let cache = makeTemporaryDirectory(self) + "/cache"
        let env = ["FEED_CACHE_DIR": cache]
        let url = { (number: Int) in "https://images.example/limit/\(number).png" }
        let sizes = [1_000, 400_000, -1, 2_000, 400_000, 3_000]
        let records = sizes.enumerated().map { number, size in
            size < 0 ? imageRecord(url: url(number), body: [1], status: 404) : imageRecord(url: url(number), body: imageBytes(for: url(number), count: size))
        }

        // 100 blocks of the shell's (512 or 1,024 bytes): the small images fit, the large ones do not.
        let result = try Command.sh("ulimit -f 100 && exec feed-cache image save", stdin: records.joined(separator: "\n"), environment: env)

        XCTAssertFalse(result.signaled)
        XCTAssertEqual(result.status, 74, "the first failure's code: \(result.err)")
        let reported = result.records().map { "\($0["url"] as? String ?? "-") \(($0["error"] as? [String: Any])?["kind"] as? String ?? "?")" }
        XCTAssertEqual(reported, ["\(url(1)) saving", "\(url(2)) invalid-data", "\(url(4)) saving"])
        XCTAssertEqual(result.errLines.count, 3, result.err)
        XCTAssertTrue(result.errLines.first?.hasPrefix("feed-cache: \(url(1)): \(cache): cannot save the image data: cannot write ") == true, result.err)
        for (number, size) in sizes.enumerated() where size >= 0 {
            let load = try Command.run("feed-cache", ["image", "load", url(number)], environment: env)
            XCTAssertEqual(load.status, size < 100_000 ? 0 : 66, "\(url(number)): \(load.err)")
            if size < 100_000 { XCTAssertEqual(load.stdout, imageBytes(for: url(number), count: size)) }
        }
        XCTAssertEqual(leftoverTemporaries(cache), [])
    }

    private func storedImages(_ cache: String) -> [String] {
        directoryEntries(cache + "/images").filter { !$0.hasPrefix(".tmp-") }
    }
}
