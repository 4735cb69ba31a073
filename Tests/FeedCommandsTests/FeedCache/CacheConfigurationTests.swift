import XCTest
import FeedCore
import FeedCommands

final class CacheConfigurationTests: XCTestCase {

    // MARK: Directory

    func test_directory_prefersTheCacheDirOption() throws {
        let configuration = try resolve(cacheDir: "/from/option", environment: [
            "FEED_CACHE_DIR": "/from/env", "XDG_CACHE_HOME": "/xdg", "HOME": "/home/u",
        ])

        XCTAssertEqual(configuration.directory, "/from/option")
    }

    func test_directory_usesFeedCacheDirWithoutTheOption() throws {
        let configuration = try resolve(environment: [
            "FEED_CACHE_DIR": "/from/env", "XDG_CACHE_HOME": "/xdg", "HOME": "/home/u",
        ])

        XCTAssertEqual(configuration.directory, "/from/env")
    }

    func test_directory_usesXDGCacheHomeWithoutFeedCacheDir() throws {
        let configuration = try resolve(environment: ["XDG_CACHE_HOME": "/xdg", "HOME": "/home/u"])

        XCTAssertEqual(configuration.directory, "/xdg/essential-feed")
    }

    func test_directory_ignoresARelativeXDGCacheHome() throws {
        let configuration = try resolve(environment: ["XDG_CACHE_HOME": "relative/cache", "HOME": "/home/u"])

        XCTAssertEqual(configuration.directory, "/home/u/.cache/essential-feed")
    }

    func test_directory_usesHomeLast() throws {
        let configuration = try resolve(environment: ["HOME": "/home/u"])

        XCTAssertEqual(configuration.directory, "/home/u/.cache/essential-feed")
    }

    func test_directory_ignoresEmptyVariables() throws {
        let configuration = try resolve(environment: ["FEED_CACHE_DIR": "", "XDG_CACHE_HOME": "", "HOME": "/home/u"])

        XCTAssertEqual(configuration.directory, "/home/u/.cache/essential-feed")

        let xdg = try resolve(environment: ["FEED_CACHE_DIR": "", "XDG_CACHE_HOME": "/xdg", "HOME": ""])
        XCTAssertEqual(xdg.directory, "/xdg/essential-feed")
    }

    func test_directory_isAUsageErrorWhenNothingNamesIt() {
        expectUsageError(environment: [:])
        expectUsageError(environment: ["HOME": "", "FEED_CACHE_DIR": "", "XDG_CACHE_HOME": ""])
        expectUsageError(environment: ["XDG_CACHE_HOME": "relative"])
    }

    func test_directory_anEmptyCacheDirOptionIsAUsageError() {
        expectUsageError(cacheDir: "", environment: ["FEED_CACHE_DIR": "/from/env"])
    }

    // MARK: Max age

    func test_maxAge_defaultsToSevenDays() throws {
        XCTAssertEqual(try resolve(environment: ["HOME": "/h"]).policy.maxAge, 7 * 86400)
        XCTAssertEqual(try resolve(environment: ["HOME": "/h", "FEED_CACHE_MAX_AGE": ""]).policy.maxAge, 7 * 86400)
    }

    func test_maxAge_readsDurationsFromTheOption() throws {
        let cases: [(String, Int64)] = [("90s", 90), ("15m", 900), ("36h", 129_600), ("7d", 604_800), ("1d12h", 129_600), ("0s", 0)]
        for (text, seconds) in cases {
            XCTAssertEqual(try resolve(maxAge: text, environment: ["HOME": "/h"]).policy.maxAge, seconds, text)
        }
    }

    func test_maxAge_readsTheEnvironmentWithoutTheOption() throws {
        XCTAssertEqual(try resolve(environment: ["HOME": "/h", "FEED_CACHE_MAX_AGE": "1d12h"]).policy.maxAge, 129_600)
    }

    func test_maxAge_prefersTheOptionToTheEnvironment() throws {
        XCTAssertEqual(try resolve(maxAge: "15m", environment: ["HOME": "/h", "FEED_CACHE_MAX_AGE": "2d"]).policy.maxAge, 900)
    }

    func test_maxAge_invalidOptionIsAUsageError() {
        for text in ["7", "", "7x", "d", "-1d", "1.5d", "7 d", "1d12", "99999999999999999999d"] {
            expectUsageError(maxAge: text, environment: ["HOME": "/h"], naming: text)
        }
    }

    func test_maxAge_invalidEnvironmentIsAUsageError() {
        for text in ["7", "7x", "d", "1d12"] {
            expectUsageError(environment: ["HOME": "/h", "FEED_CACHE_MAX_AGE": text], naming: text)
        }
    }

    // MARK: - Helpers

    private func resolve(cacheDir: String? = nil, maxAge: String? = nil, environment: [String: String]) throws -> CacheConfiguration {
        try CacheConfiguration.resolve(cacheDir: cacheDir, maxAge: maxAge, environment: { environment[$0] })
    }

    private func expectUsageError(cacheDir: String? = nil, maxAge: String? = nil, environment: [String: String], naming text: String? = nil,
                                  file: StaticString = #filePath, line: UInt = #line) {
        do {
            let configuration = try CacheConfiguration.resolve(cacheDir: cacheDir, maxAge: maxAge, environment: { environment[$0] })
            XCTFail("Expected a usage error, got \(configuration)", file: file, line: line)
        } catch {
            XCTAssertEqual(error.kind, .usage, error.message, file: file, line: line)
            if let text {
                XCTAssertTrue(error.message.contains("'\(text)'"), error.message, file: file, line: line)
            }
        }
    }
}
