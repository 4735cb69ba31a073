import Foundation
import LoopbackHTTP
import XCTest

/// Every numeric option, and the variable that stands for one, at each end
/// of its documented range and one step past it: in range it is taken (the
/// run goes on to what it was asked), past it is `usage` (64) with a message
/// naming the range, before any arithmetic is done with the value.
final class NumericOptionRangeTests: XCTestCase {

    // MARK: - feed-fetch

    func test_jobs_takesOneTo256_andRefusesZeroAnd257() throws {
        try assertTaken(["-j", "1"])
        try assertTaken(["-j", "256"])
        try assertRefused(["-j", "0"], naming: "from 1 to 256")
        try assertRefused(["-j", "257"], naming: "from 1 to 256")
        try assertRefused(["-j", "99999999999999999999999"], naming: "from 1 to 256")
    }

    func test_retry_takesZeroTo100_andRefusesMinusOneAnd101() throws {
        try assertTaken(["--retry", "0"])
        try assertTaken(["--retry", "100"])
        try assertRefused(["--retry", "-1"], naming: "from 0 to 100")
        try assertRefused(["--retry", "101"], naming: "from 0 to 100")
    }

    func test_timeouts_takeAMillisecondToADay_andRefuseLessOrMore() throws {
        for option in ["--timeout", "--connect-timeout"] {
            try assertTaken([option, "0.001"], mayFailWith: 69, timingOut: true)
            try assertTaken([option, "86400"])
            try assertRefused([option, "0.0009"], naming: "from 0.001 to 86400")
            try assertRefused([option, "86400.001"], naming: "from 0.001 to 86400")
            try assertRefused([option, "0"], naming: "from 0.001 to 86400")
        }
    }

    func test_aTimeoutOfHugeDigits_isUsage_notATrap() throws {
        for value in ["9223372036854775", "9223372036854775807", "1" + String(repeating: "0", count: 400)] {
            try assertRefused(["--timeout", value], naming: "from 0.001 to 86400")
            try assertRefused(["--connect-timeout", value], naming: "from 0.001 to 86400")
        }
    }

    func test_maxSize_takesOneByteTo4G_andRefusesZeroAndOneByteMore() throws {
        try assertTaken(["--max-size", "1"], mayFailWith: 65)
        try assertTaken(["--max-size", "4G"])
        try assertTaken(["--max-size", "4294967296"])
        try assertRefused(["--max-size", "0"], naming: "from 1 to 4G")
        try assertRefused(["--max-size", "4294967297"], naming: "from 1 to 4G")
        try assertRefused(["--max-size", "9999999999G"], naming: "from 1 to 4G")
    }

    func test_maxPages_takesOneTo10000_andRefusesZeroAnd10001() throws {
        try assertTaken(["--paginate", "--max-pages", "1"])
        try assertTaken(["--paginate", "--max-pages", "10000"])
        try assertRefused(["--paginate", "--max-pages", "0"], naming: "from 1 to 10000")
        try assertRefused(["--paginate", "--max-pages", "10001"], naming: "from 1 to 10000")
    }

    // MARK: - feed-cache

    func test_maxAge_andItsVariable_takeZeroTo36500Days_andRefuseADayMore() throws {
        let cache = makeTemporaryDirectory(self) + "/cache"
        for (arguments, environment) in [(["--max-age", "0s"], [:]), (["--max-age", "36500d"], [:]),
                                         ([], ["FEED_CACHE_MAX_AGE": "0s"]), ([], ["FEED_CACHE_MAX_AGE": "36500d"]),
                                         (["--max-age", "36499d23h59m60s"], [:])] {
            let result = try Command.run("feed-cache", ["load"] + arguments, environment: environment.merging(["FEED_CACHE_DIR": cache]) { $1 })
            XCTAssertEqual(result.status, 66, "\(arguments) \(environment): no cached feed, the age taken: \(result.err)")
        }
        for (arguments, environment, source) in [(["--max-age", "36501d"], [:], "--max-age"),
                                                 (["--max-age", "36500d1s"], [:], "--max-age"),
                                                 ([], ["FEED_CACHE_MAX_AGE": "36501d"], "FEED_CACHE_MAX_AGE"),
                                                 ([], ["FEED_CACHE_MAX_AGE": "106751991167300d"], "FEED_CACHE_MAX_AGE")] {
            let result = try Command.run("feed-cache", ["load"] + arguments, environment: environment.merging(["FEED_CACHE_DIR": cache]) { $1 })
            XCTAssertEqual(result.status, 64, "\(arguments) \(environment): \(result.err)")
            XCTAssertFalse(result.signaled)
            XCTAssertTrue(result.err.contains("\(source) needs a duration"), result.err)
            XCTAssertTrue(result.err.contains("from 0s to 36500d"), result.err)
            XCTAssertEqual(result.errLines.count, 1, result.err)
        }
    }

    // MARK: - Helpers

    /// Taken: the fetch is made and ends as the server's answer says (0),
    /// or with `mayFailWith` where the value itself makes it fail (a 1 ms
    /// timeout, a 1-byte body limit), never `usage`.
    private func assertTaken(_ options: [String], mayFailWith other: Int32? = nil, timingOut: Bool = false,
                             file: StaticString = #filePath, line: UInt = #line) throws {
        let server = try serve(["/v1/feed": .ok("{\"items\":[]}")])
        let result = try Command.run("feed-fetch", options + [server.url("/v1/feed")])
        XCTAssertFalse(result.signaled, "\(options)", file: file, line: line)
        XCTAssertTrue(result.status == 0 || result.status == other, "\(options): \(result.status) \(result.err)", file: file, line: line)
        XCTAssertFalse(result.err.contains("needs"), "\(options): \(result.err)", file: file, line: line)
        // A run that timed out (a millisecond on a busy machine) may have
        // ended before its request arrived; any other made it.
        if result.status == 69 && timingOut {
            XCTAssertTrue(result.err.contains("timed out"), "\(options): \(result.err)", file: file, line: line)
        } else {
            XCTAssertEqual(server.requests.count, 1, "\(options): the GET was made", file: file, line: line)
        }
    }

    /// Refused: `usage`, one line naming the option and its range, no request made.
    private func assertRefused(_ options: [String], naming range: String,
                               file: StaticString = #filePath, line: UInt = #line) throws {
        let server = try serve(["/v1/feed": .ok("{\"items\":[]}")])
        let result = try Command.run("feed-fetch", options + [server.url("/v1/feed")])
        XCTAssertFalse(result.signaled, "\(options): killed by signal \(result.status)", file: file, line: line)
        XCTAssertEqual(result.status, 64, "\(options): \(result.err)", file: file, line: line)
        let option = options[options.count - 2]
        XCTAssertTrue(result.err.hasPrefix("feed-fetch: \(option) needs "), "\(options): \(result.err)", file: file, line: line)
        XCTAssertTrue(result.err.contains(range), "\(options): \(result.err)", file: file, line: line)
        XCTAssertEqual(result.errLines.count, 1, result.err, file: file, line: line)
        XCTAssertEqual(server.requests.count, 0, "\(options): nothing fetched", file: file, line: line)
    }
}
