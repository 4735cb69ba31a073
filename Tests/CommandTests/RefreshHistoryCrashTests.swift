import Foundation
import XCTest
import FeedTestSupport

/// `kill -9` of `save` at random instants while it records a failure in the
/// refresh history: the history left is the old one or the new one, whole,
/// and the feed is never touched.
final class RefreshHistoryCrashTests: XCTestCase {

    func test_saveKilledAtRandomInstants_whileRecordingAFailure_leavesTheOldHistoryOrTheNewOne() throws {
        var generator = SplitMix64(seed: testSeed(20_261_128))
        let cache = makeTemporaryDirectory(self) + "/cache"
        let env = ["FEED_CACHE_DIR": cache]
        let document = #"{"items":[{"id":"73a7f70c-75da-4c2e-b5a3-eed40dc53aa6","url":"https://images.example/1.jpg"}]}"#
        XCTAssertEqual(try Command.run("feed-cache", ["save", "-q"], stdin: document + "\n", environment: env).status, 0)
        let feed = try Data(contentsOf: URL(fileURLWithPath: cache + "/feed"))
        let started = Date()
        XCTAssertEqual(try Command.run("feed-cache", ["save", "-q"], stdin: record(0), environment: env).status, 69)
        let duration = max(Date().timeIntervalSince(started), 0.005)

        var failures = 1, killed = 0, last = "refused 0"
        for number in 1...40 {
            let running = try Command.start("feed-cache", ["save", "-q"], stdin: Array(record(number).utf8), environment: env)
            usleep(UInt32(Double.random(in: 0...duration, using: &generator) * 1_000_000))
            running.send(SIGKILL)
            let result = running.wait(timeout: 30)
            if result.signaled { killed += 1 }

            let history = try XCTUnwrap(try readHistory(cache), "trial \(number): the history does not read")
            let count = try XCTUnwrap(history["failures"] as? Int, "trial \(number)")
            let message = (history["last_failure"] as? [String: Any])?["message"] as? String
            if count == failures + 1 {
                XCTAssertEqual(message, "refused \(number)", "trial \(number): the new history, whole")
                failures = count
                last = "refused \(number)"
            } else {
                XCTAssertEqual(count, failures, "trial \(number): neither the old history nor the new one")
                XCTAssertEqual(message, last, "trial \(number): the old history, whole")
            }
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: cache + "/feed")), feed, "trial \(number): the feed")
        }
        XCTAssertGreaterThan(killed, 0, "no trial was killed before it ended")
    }

    private func record(_ number: Int) -> String {
        #"{"url":"https://h/feed","error":{"kind":"connectivity","message":"refused \#(number)"}}"# + "\n"
    }

    private func readHistory(_ cache: String) throws -> [String: Any]? {
        let data = try Data(contentsOf: URL(fileURLWithPath: cache + "/refresh"))
        return try JSONSerialization.jsonObject(with: data) as? [String: Any]
    }
}
