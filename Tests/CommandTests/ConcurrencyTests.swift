import Foundation
import XCTest
import FeedPlatform

/// Many `feed-cache save` processes at once, each with its own feed, with
/// `load`, `image save` and `image load` running beside them: no reader ever
/// fails or sees a mix, the cache ends holding one of the saved feeds whole,
/// and the image data saved meanwhile is intact.
final class ConcurrencyTests: XCTestCase {
    private struct Read {
        var url: String?
        var result: CommandResult
    }

    /// What the reader threads share: a stop flag and what they read.
    private final class Readers: @unchecked Sendable {
        let group = DispatchGroup()
        private let lock = NSLock()
        private var done = false
        private var collected: [Read] = []

        var stopped: Bool { lock.withLock { done } }
        var reads: [Read] { lock.withLock { collected } }
        func stop() { lock.withLock { done = true } }
        func append(_ read: Read) { lock.withLock { collected.append(read) } }
    }

    func test_concurrentSaves_withLoadsAndImageSavesBeside_neverMixAndLeaveOneWholeFeed() throws {
        let writers = 8, rounds = 2, itemsPerFeed = 10_000
        let kept = (0..<6).map { "https://images.example/kept/\($0).png" }
        let orphans = (0..<4).map { "https://images.example/orphan/\($0).png" }
        let bytes = Dictionary(uniqueKeysWithValues: (kept + orphans).map { ($0, imageBytes(for: $0, count: 150_000)) })
        let cache = makeTemporaryDirectory(self) + "/cache"
        let env = ["FEED_CACHE_DIR": cache]

        let first = generatedFeed(items: 10, tag: 0x5EED, including: kept)
        XCTAssertEqual(try Command.run("feed-cache", ["save", "-q"], stdinBytes: first, environment: env).status, 0)
        var known: Set<[UInt8]> = [first + [0x0A]]

        for round in 0..<rounds {
            let feeds = (0..<writers).map { generatedFeed(items: itemsPerFeed, tag: 0x100 * (round + 1) + $0, including: kept) }
            let saved = Set(feeds.map { $0 + [0x0A] })
            known.formUnion(saved)

            // Readers: two `load` loops and an `image load` loop, until the writers are done.
            let readers = Readers()
            let urls = kept + orphans
            for reader in 0..<3 {
                readers.group.enter()
                Thread.detachNewThread {
                    var index = reader
                    while !readers.stopped {
                        let url: String? = reader == 2 ? urls[index % urls.count] : nil
                        if let result = try? Command.run("feed-cache", url.map { ["image", "load", $0] } ?? ["load"], environment: env) {
                            readers.append(Read(url: url, result: result))
                        }
                        index += 1
                    }
                    readers.group.leave()
                }
            }

            // Writers: every feed saved at once, and image data saved beside them,
            // for URLs in every feed (kept) and in none (which a save may drop).
            var running = try feeds.map { try Command.start("feed-cache", ["save", "-q"], stdin: $0, environment: env) }
            let imageBatches = [Array(kept[0..<3]) + [orphans[0], orphans[1]], Array(kept[3..<6]) + [orphans[2], orphans[3]]]
            for batch in imageBatches {
                let records = batch.map { imageRecord(url: $0, body: bytes[$0] ?? []) }.joined(separator: "\n")
                running.append(try Command.start("feed-cache", ["image", "save"], stdin: Array(records.utf8), environment: env))
            }
            let results = running.map { $0.wait(timeout: 180) }
            readers.stop()
            XCTAssertEqual(readers.group.wait(timeout: .now() + 60), .success)

            for (index, result) in results.enumerated() {
                XCTAssertEqual(result.status, 0, "round \(round), writer \(index): \(result.err)")
                XCTAssertFalse(result.signaled, "round \(round), writer \(index)")
            }
            let reads = readers.reads
            let (loads, imageLoads) = (reads.filter { $0.url == nil }, reads.filter { $0.url != nil })
            XCTAssertGreaterThan(loads.count, 0, "round \(round): no load ran beside the writers")
            for read in loads {
                XCTAssertEqual(read.result.status, 0, "round \(round): a load beside the writers failed: \(read.result.err)")
                XCTAssertTrue(known.contains(read.result.stdout), "round \(round): a load saw no saved feed (\(read.result.stdout.count) bytes)")
            }
            for read in imageLoads {
                guard let url = read.url else { continue }
                let whole = read.result.status == 0 && read.result.stdout == bytes[url]
                let notYet = read.result.status == 66 && (round == 0 || orphans.contains(url))
                XCTAssertTrue(whole || notYet, "round \(round), \(url): image load \(read.result.status) \(read.result.err)")
            }

            // The end: one of this round's feeds, whole; the kept images intact; nothing left over.
            let final = try Command.run("feed-cache", ["load"], environment: env)
            XCTAssertEqual(final.status, 0, final.err)
            XCTAssertTrue(saved.contains(final.stdout), "round \(round): the cache is not one of the saved feeds")
            for url in kept {
                XCTAssertEqual(try Command.run("feed-cache", ["image", "load", url], environment: env).stdout, bytes[url], "round \(round), \(url)")
            }
            XCTAssertEqual(leftoverTemporaries(cache), [], "round \(round)")
        }
    }
}
