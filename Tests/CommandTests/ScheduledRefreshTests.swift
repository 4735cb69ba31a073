import Foundation
import LoopbackHTTP
import XCTest
import FeedTestSupport

/// The script the systemd user service runs (scripts/systemd/essential-feed-refresh),
/// outside systemd: laid out as `make install` lays it out (PREFIX/lib/
/// essential-feed/, the built commands in PREFIX/bin), with a PATH that holds
/// none of them, against the fixture API on loopback, reading its settings from
/// `~/.config/essential-feed/refresh.conf` under an empty HOME.
/// MakefileTests checks the installed units with `systemd-analyze verify`.
final class ScheduledRefreshTests: XCTestCase, DocumentationTesting {

    func test_aRefresh_storesTheFeedAndItsImages_thenASecondOneAsksOnceWithTheETag_andPrintsNothing() throws {
        let setup = try Setup(self)
        try setup.writeSettings("URL=\(setup.server.url("/v1/feed"))\n")

        let first = try setup.refresh()
        XCTAssertEqual(first.status, 0, first.err)
        XCTAssertEqual(first.err, "")
        XCTAssertEqual(try setup.cachedIDs().count, 25, "the feed is stored")
        XCTAssertEqual(try setup.missingImages(), [#"{"items":[]}"#], "every image is stored: none missing")
        let feedRequests = setup.server.requests.filter { $0.pathWithoutQuery == "/v1/feed" }
        XCTAssertEqual(feedRequests.count, 1)
        XCTAssertEqual(setup.server.requests.count, 26, "the feed and its 25 images")
        let asked = setup.server.requests.count

        let second = try setup.refresh()
        XCTAssertEqual(second.status, 0, second.err)
        XCTAssertEqual(second.out, "", "nothing changed: no output")
        XCTAssertEqual(second.err, "", "nothing changed: no message")
        let again = Array(setup.server.requests.dropFirst(asked))
        XCTAssertEqual(again.map(\.path), ["/v1/feed"], "one request, for the feed; no image again")
        XCTAssertNotNil(again.first?.header("If-None-Match"), "the second refresh sends the stored ETag")
    }

    func test_aRunThatCannotRefresh_saysSinceWhenAndWhenTheCachedFeedExpires_andStillFetchesTheImages() throws {
        let setup = try Setup(self)
        try setup.writeSettings("URL=\(setup.server.url("/v1/feed"))\n")
        XCTAssertEqual(try setup.refresh().status, 0)
        try setup.writeSettings("URL=\(setup.server.url("/v1/no-such-feed"))\n")

        let result = try setup.refresh()

        XCTAssertEqual(result.status, 0, "the cached feed stands in: \(result.err)")
        let lines = result.errLines.filter { $0.hasPrefix("essential-feed-refresh: ") }
        XCTAssertEqual(lines.count, 2, result.err)
        XCTAssertTrue(lines.first?.contains("not refreshed since ") == true, result.err)
        XCTAssertTrue(lines.last?.hasPrefix("essential-feed-refresh: cached feed: 25 items") == true, result.err)
        XCTAssertTrue(lines.last?.contains(", expires ") == true, result.err)
    }

    func test_withoutTheSettingsFile_itFailsWithOneLineNamingTheFileAndWhatToWrite_andTouchesNothing() throws {
        let setup = try Setup(self)

        let result = try setup.refresh()

        XCTAssertEqual(result.status, 78, "EX_CONFIG")
        XCTAssertEqual(result.out, "")
        XCTAssertEqual(result.err, "essential-feed-refresh: \(setup.settings): no such file; "
                       + "write the feed's address in it, e.g. URL=https://api.example.com/v1/feed\n")
        XCTAssertEqual(setup.server.requests.count, 0)
        XCTAssertFalse(FileManager.default.fileExists(atPath: setup.home + "/.cache"), "no cache made")
    }

    func test_aSettingsFileWithoutURL_orWithAnUnknownName_failsNamingTheFileAndLine() throws {
        let setup = try Setup(self)
        for (text, message) in [
            ("# nothing yet\n\n", "\(setup.settings): no URL; write the feed's address in it, e.g. URL=https://api.example.com/v1/feed"),
            ("URL=\(setup.server.url("/v1/feed"))\nHEADERS=/tmp/h\n", "\(setup.settings):2: unknown name HEADERS (URL= or HEADER_FILE=)"),
            ("URL \(setup.server.url("/v1/feed"))\n", "\(setup.settings):1: not NAME=VALUE: URL \(setup.server.url("/v1/feed"))"),
        ] {
            try setup.writeSettings(text)
            let result = try setup.refresh()
            XCTAssertEqual(result.status, 78, text)
            XCTAssertEqual(result.err, "essential-feed-refresh: \(message)\n", text)
        }
        XCTAssertEqual(setup.server.requests.count, 0)
    }

    func test_aHeaderFile_goesWithTheFeedsRequestOnly_neverWithTheImages_andItsValueIsNeverPrinted() throws {
        let setup = try Setup(self)
        let headers = setup.home + "/feed-headers"
        try Data("Authorization: Bearer s3cret-token\n".utf8).write(to: URL(fileURLWithPath: headers))
        try setup.writeSettings("# the feed and its token\n  URL=\"\(setup.server.url("/v1/feed"))\"\nHEADER_FILE='\(headers)'\n")

        let result = try setup.refresh()

        XCTAssertEqual(result.status, 0, result.err)
        let feed = setup.server.requests.filter { $0.pathWithoutQuery == "/v1/feed" }
        XCTAssertEqual(feed.map { $0.header("Authorization") }, ["Bearer s3cret-token"])
        let images = setup.server.requests.filter { $0.pathWithoutQuery != "/v1/feed" }
        XCTAssertEqual(images.count, 25)
        XCTAssertTrue(images.allSatisfy { $0.header("Authorization") == nil }, "the token went to an image's host")
        XCTAssertFalse((result.out + result.err).contains("s3cret"))
    }

    func test_theTimer_firesEveryFiveMinutes_randomizedByUpTo30s_andCatchesUpAfterDowntime() throws {
        let timer = try String(contentsOfFile: Self.packageRoot + "/scripts/systemd/essential-feed-refresh.timer", encoding: .utf8)
        let lines = Set(timer.split(separator: "\n").map(String.init))
        XCTAssertTrue(lines.isSuperset(of: ["OnCalendar=*:0/5", "RandomizedDelaySec=30s", "Persistent=true", "WantedBy=timers.target"]), timer)
        let analyze = try requireProgram("systemd-analyze", package: "systemd")
        let calendar = try Command.run(analyze, ["calendar", "--iterations=2", "*:0/5"])
        XCTAssertEqual(calendar.status, 0, calendar.err)
        XCTAssertTrue(calendar.out.contains("Normalized form: *-*-* *:00/5:00"), calendar.out)
    }

    func test_theScript_isPlainShAndShellcheckClean() throws {
        let shellcheck = try requireProgram("shellcheck", package: "shellcheck")
        let script = Self.packageRoot + "/scripts/systemd/essential-feed-refresh"
        let text = try String(contentsOfFile: script, encoding: .utf8)
        XCTAssertTrue(text.hasPrefix("#!/bin/sh\n"), "the service's script runs with /bin/sh")
        let result = try Command.run(shellcheck, ["--shell=sh", script])
        XCTAssertEqual(result.status, 0, "shellcheck:\n\(result.out)\(result.err)")
    }

    // MARK: Helpers

    /// The script in a PREFIX of its own (`RefreshScriptPrefix`), an empty
    /// HOME, and the fixture API (demo/api) on loopback.
    private struct Setup {
        let home: String
        let script: String
        let server: LoopbackServer
        var settings: String { home + "/.config/essential-feed/refresh.conf" }

        init(_ test: ScheduledRefreshTests) throws {
            home = makeTemporaryDirectory(test) + "/home"
            try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
            script = try RefreshScriptPrefix.make(test, packageRoot: ScheduledRefreshTests.packageRoot)
            server = try FixtureAPI(test, root: ScheduledRefreshTests.packageRoot).server
        }

        func writeSettings(_ text: String) throws {
            try FileManager.default.createDirectory(atPath: home + "/.config/essential-feed", withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: settings))
        }

        /// The script as the service runs it: no argument, a plain PATH.
        func refresh() throws -> CommandResult {
            try Command.run(script, [], environment: ["HOME": home, "XDG_CONFIG_HOME": "", "PATH": "/usr/bin:/bin"], timeout: 120)
        }

        func cachedIDs() throws -> [String] {
            try Command.run("feed-cache", ["load", "--format", "ids"], environment: ["HOME": home]).outLines
        }

        /// `feed-cache image missing`: a feed document of the items whose image is not stored.
        func missingImages() throws -> [String] {
            try Command.run("feed-cache", ["image", "missing"], environment: ["HOME": home]).outLines
        }
    }
}
