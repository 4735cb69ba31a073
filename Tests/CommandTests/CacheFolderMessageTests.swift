import Foundation
import XCTest
import FeedTestSupport

/// A cache folder that cannot be made or opened: the one stderr line names
/// the folder and says how to choose another (`--cache-dir`, `FEED_CACHE_DIR`).
final class CacheFolderMessageTests: XCTestCase {
    func test_aHomeThatIsAFile_namesCacheDirAndFeedCacheDirInTheMessage() throws {
        let work = makeTemporaryDirectory(self)
        let home = work + "/home"
        XCTAssertTrue(FileManager.default.createFile(atPath: home, contents: Data("not a folder".utf8)))
        let document = #"{"items":[{"id":"73a7f70c-75da-4c2e-b5a3-eed40dc53aa6","url":"https://h/1.png"}]}"#
        let runs: [(arguments: [String], stdin: String?)] = [(["save", "-q"], document), (["load", "--format", "text"], nil)]
        for run in runs {
            let result = try Command.run("feed-cache", run.arguments, stdin: run.stdin, environment: ["HOME": home])

            XCTAssertEqual(result.status, 74, "\(run.arguments): \(result.err)")
            XCTAssertEqual(result.errLines.count, 1, result.err)
            XCTAssertTrue(result.err.contains(home + "/.cache/essential-feed"), result.err)
            XCTAssertTrue(result.err.contains("--cache-dir") && result.err.contains("FEED_CACHE_DIR"), "\(run.arguments): \(result.err)")
            XCTAssertEqual(result.out, "", "\(run.arguments)")
        }
    }
}
