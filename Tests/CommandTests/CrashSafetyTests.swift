import Foundation
import XCTest
import FeedTestSupport
import FeedPlatform

/// `kill -9` of `feed-cache save` at random instants, over a cache that holds
/// another large feed: every time, `load` gives exactly the old feed or exactly
/// the new one, never an error, never a mix; the image data of URLs in both
/// feeds survives; the next save cleans up what the killed one left.
final class CrashSafetyTests: XCTestCase {
    private enum Outcome { case old, new }

    private enum KillPlan: CustomStringConvertible {
        case never
        /// SIGKILL this many seconds after the start (anywhere in the run).
        case afterStart(Double)
        /// SIGKILL this many seconds after the new feed's temporary file appears
        /// (in the write, the rename, the image pruning, or just after).
        case afterTemporary(Double)

        var description: String {
            switch self {
            case .never: return "no kill"
            case .afterStart(let delay): return String(format: "kill %.4fs after the start", delay)
            case .afterTemporary(let delay): return String(format: "kill %.4fs after the temporary file appeared", delay)
            }
        }
    }

    private struct Observation {
        var result: CommandResult
        var duration: Double
        var temporaryAppeared: Double?
        var temporaryLasted: Double?
        /// A temporary file of this run still there after it ended: killed mid-write.
        var temporaryLeft: Bool
    }

    private struct Trial {
        var lane: Int
        var number: Int
        var plan: KillPlan
        var save: CommandResult
        var temporaryLeft: Bool
        var load: CommandResult
        var outcome: Outcome?
        var brokenImages: [String]

        var summary: String {
            "lane \(lane) trial \(number) (\(plan)): save \(save.signaled ? "signal" : "exit") \(save.status), load \(load.status) \(load.err)"
        }
    }

    func test_save_killedAtRandomInstants_leavesExactlyTheOldFeedOrTheNewOne() throws {
        let seed = testSeed(20_260_101)
        let lanes = 2, trialsPerLane = 15
        let kept = (0..<4).map { "https://images.example/kept/\($0).jpg" }
        let keptBytes = kept.map { imageBytes(for: $0, count: 20_000) }
        let feeds = [generatedFeed(items: 50_000, tag: 0xA, including: kept),
                     generatedFeed(items: 50_000, tag: 0xB, including: kept)]
        let root = makeTemporaryDirectory(self)
        let template = root + "/template"

        // The template cache: feed B, the kept images, then feed A over it,
        // timed, to learn how long a save takes here and when it writes.
        let saveB = try Command.run("feed-cache", ["save"], stdinBytes: feeds[1], environment: ["FEED_CACHE_DIR": template], timeout: 300)
        XCTAssertEqual(saveB.status, 0, saveB.err)
        let images = zip(kept, keptBytes).map { imageRecord(url: $0, body: $1) }.joined(separator: "\n")
        let imageSave = try Command.run("feed-cache", ["image", "save"], stdin: images, environment: ["FEED_CACHE_DIR": template])
        XCTAssertEqual(imageSave.status, 0, imageSave.err)
        let calibration = try observeSave(cache: template, input: feeds[0], plan: .never)
        XCTAssertEqual(calibration.result.status, 0, calibration.result.err)
        // The cache keeps a compact document as given: these are the bytes load must give.
        let documents = feeds.map { $0 + [0x0A] }
        XCTAssertEqual(saveB.stdout, documents[1])
        XCTAssertEqual(try Command.run("feed-cache", ["load"], environment: ["FEED_CACHE_DIR": template], timeout: 120).stdout, documents[0])
        let duration = calibration.duration
        let writeWindow = max(calibration.temporaryLasted ?? 0.01, 0.002)

        var trials: [Trial] = []
        var cleanups: [(lane: Int, save: CommandResult, load: CommandResult, leftovers: [String], expected: [UInt8])] = []
        var setupErrors: [String] = []
        let lock = NSLock()
        DispatchQueue.concurrentPerform(iterations: lanes) { lane in
            var generator = SplitMix64(seed: seed &+ UInt64(lane))
            let cache = root + "/lane-\(lane)"
            do {
                try FileManager.default.copyItem(atPath: template, toPath: cache)
                var current = 0 // the template holds feed A
                for number in 0..<trialsPerLane {
                    let target = 1 - current
                    // Image data of a URL in neither feed, for the save to prune.
                    let orphan = "https://images.example/orphan/\(lane)-\(number)"
                    _ = try Command.run("feed-cache", ["image", "save"], stdin: imageRecord(url: orphan, body: [1, 2, 3]),
                                        environment: ["FEED_CACHE_DIR": cache])
                    let plan: KillPlan = Int.random(in: 0..<3, using: &generator) == 0
                        ? .afterStart(Double.random(in: 0...duration, using: &generator))
                        : .afterTemporary(Double.random(in: 0...(2 * writeWindow + 0.002), using: &generator))
                    let observed = try observeSave(cache: cache, input: feeds[target], plan: plan)
                    let load = try Command.run("feed-cache", ["load"], environment: ["FEED_CACHE_DIR": cache], timeout: 120)
                    let outcome: Outcome? = load.stdout == documents[target] ? .new : load.stdout == documents[current] ? .old : nil
                    var broken: [String] = []
                    for (url, bytes) in zip(kept, keptBytes) {
                        let image = try Command.run("feed-cache", ["image", "load", url], environment: ["FEED_CACHE_DIR": cache])
                        if image.status != 0 || image.stdout != bytes { broken.append(url) }
                    }
                    let trial = Trial(lane: lane, number: number, plan: plan, save: observed.result, temporaryLeft: observed.temporaryLeft,
                                      load: load, outcome: outcome, brokenImages: broken)
                    lock.withLock { trials.append(trial) }
                    if outcome == .new { current = target }
                }
                // A save after all that works, and removes what the killed ones left.
                let final = 1 - current
                let save = try Command.run("feed-cache", ["save", "-q"], stdinBytes: feeds[final], environment: ["FEED_CACHE_DIR": cache], timeout: 300)
                let load = try Command.run("feed-cache", ["load"], environment: ["FEED_CACHE_DIR": cache], timeout: 120)
                let leftovers = leftoverTemporaries(cache)
                lock.withLock { cleanups.append((lane, save, load, leftovers, documents[final])) }
            } catch {
                lock.withLock { setupErrors.append("lane \(lane): \(error)") }
            }
        }

        XCTAssertEqual(setupErrors, [])
        XCTAssertEqual(trials.count, lanes * trialsPerLane)
        for trial in trials {
            let save = trial.save
            XCTAssertTrue(save.signaled ? save.status == SIGKILL : save.status == 0, "ended by SIGKILL or a success: \(trial.summary)")
            XCTAssertEqual(trial.load.status, 0, "load never fails after a crash: \(trial.summary)")
            XCTAssertNotNil(trial.outcome, "load gives the old feed or the new one, exactly: \(trial.summary) (\(trial.load.stdout.count) bytes)")
            XCTAssertEqual(trial.brokenImages, [], "image data of URLs in both feeds survives: \(trial.summary)")
            if trial.temporaryLeft { XCTAssertEqual(trial.outcome, .old, "killed before the rename: \(trial.summary)") }
        }
        for cleanup in cleanups {
            XCTAssertEqual(cleanup.save.status, 0, "lane \(cleanup.lane): \(cleanup.save.err)")
            XCTAssertEqual(cleanup.load.stdout, cleanup.expected, "lane \(cleanup.lane)")
            XCTAssertEqual(cleanup.leftovers, [], "lane \(cleanup.lane): a save removes a killed writer's temporary files")
        }
        // The kills really landed all over the run: before the rename, in the
        // middle of the write, and after it.
        let killed = trials.filter { $0.save.signaled }
        XCTAssertGreaterThanOrEqual(killed.count, trials.count / 2, "seed \(seed)")
        XCTAssertGreaterThanOrEqual(trials.filter { $0.outcome == .old }.count, 1, "seed \(seed)")
        XCTAssertGreaterThanOrEqual(trials.filter { $0.outcome == .new }.count, 1, "seed \(seed)")
        XCTAssertGreaterThanOrEqual(trials.filter { $0.temporaryLeft }.count, 1, "some kills hit the write itself (seed \(seed))")
    }

    // MARK: Helpers

    /// Runs `feed-cache save` on `input`, watching the cache directory for its
    /// temporary file, and kills it with SIGKILL as `plan` says.
    private func observeSave(cache: String, input: [UInt8], plan: KillPlan) throws -> Observation {
        let before = Set(directoryEntries(cache).filter { $0.hasPrefix(".tmp-") })
        let running = try Command.start("feed-cache", ["save", "-q"], stdin: input, environment: ["FEED_CACHE_DIR": cache])
        let start = Date()
        var appeared: Double?, lasted: Double?
        while running.process.isRunning {
            let now = Date().timeIntervalSince(start)
            let writing = directoryEntries(cache).contains { $0.hasPrefix(".tmp-feed") && !before.contains($0) }
            if writing, appeared == nil { appeared = now }
            if !writing, let appeared, lasted == nil { lasted = now - appeared }
            var due = false
            switch plan {
            case .never: break
            case .afterStart(let delay): due = now >= delay
            case .afterTemporary(let delay): due = appeared.map { now >= $0 + delay } ?? false
            }
            if due {
                running.send(SIGKILL)
                break
            }
            usleep(200)
        }
        let result = running.wait(timeout: 300)
        let duration = Date().timeIntervalSince(start)
        let left = directoryEntries(cache).contains { $0.hasPrefix(".tmp-feed") && !before.contains($0) }
        return Observation(result: result, duration: duration, temporaryAppeared: appeared, temporaryLasted: lasted, temporaryLeft: left)
    }
}
