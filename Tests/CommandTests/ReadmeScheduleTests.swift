import Foundation
import XCTest
import FeedTestSupport

/// The README's "Refreshing on a schedule", as pasted: the timer's three
/// commands (the first run for real, under an empty HOME, then the script
/// the service runs; the other two name the installed units), and the
/// crontab, its entry run by `sh` with the crontab's own variables as cron
/// sets them, against the fixture API on loopback.
final class ReadmeScheduleTests: XCTestCase, DocumentationTesting {

    func test_theTimersThreeCommands_writeTheFileTheServiceReads_andNameTheInstalledUnits() throws {
        let block = try Self.indentedBlocks(inSection: "## Refreshing on a schedule").first { $0.contains { $0.hasPrefix("systemctl ") } }
        let lines = try XCTUnwrap(block, "no block with systemctl in the README's schedule section")
        XCTAssertEqual(lines.count, 3, "the timer in three commands: \(lines)")
        guard lines.count == 3 else { return }
        XCTAssertEqual(lines[1], "systemctl --user enable --now essential-feed-refresh.timer")
        XCTAssertEqual(lines[2], "journalctl --user -u essential-feed-refresh")
        for unit in ["essential-feed-refresh.timer", "essential-feed-refresh.service.in"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: Self.packageRoot + "/systemd/" + unit), "systemd/\(unit)")
        }

        let api = try FixtureAPI(self, root: Self.packageRoot)
        let home = makeTemporaryDirectory(self)
        let write = lines[0].replacingOccurrences(of: "https://api.example.com/v1/feed", with: api.feedURL)
        let written = try Command.run("/bin/sh", ["-c", write], environment: ["HOME": home])
        XCTAssertEqual(written.status, 0, written.err)

        let script = try RefreshScriptPrefix.make(self, packageRoot: Self.packageRoot)
        let refreshed = try Command.run(script, [], environment: ["HOME": home, "XDG_CONFIG_HOME": "", "PATH": "/usr/bin:/bin"])
        XCTAssertEqual(refreshed.status, 0, "the service's script, with the file the README writes: \(refreshed.err)")
        XCTAssertEqual(api.server.requests.count, 26, "the feed and its 25 images")
    }

    func test_theCrontab_asPasted_refreshes_thenPrintsNothing_andKeepsAFailuresMessageInItsLog() throws {
        let block = try Self.indentedBlocks(inSection: "## Refreshing on a schedule").first { $0.contains { $0.hasPrefix("*/5 ") } }
        let lines = try XCTUnwrap(block, "no crontab in the README's schedule section")
        var variables: [String: String] = [:]
        var entry: String?
        for line in lines {
            if line.hasPrefix("*/5 * * * * ") {
                entry = String(line.dropFirst("*/5 * * * * ".count))
            } else if let equals = line.firstIndex(of: "=") {
                variables[String(line[..<equals])] = String(line[line.index(after: equals)...])
            }
        }
        let command = try XCTUnwrap(entry, "no */5 entry: \(lines)")
        XCTAssertFalse(command.contains("%"), "cron turns % into a newline")
        let path = try XCTUnwrap(variables["PATH"], "the crontab sets no PATH; cron's is /usr/bin:/bin")
        XCTAssertTrue(path.split(separator: ":").contains("/usr/local/bin"), "the crontab's PATH lacks /usr/local/bin, where make install and the tarball put the commands")
        XCTAssertEqual(variables["URL"], "https://api.example.com/v1/feed")

        // As cron runs it: sh -c, HOME set, the crontab's variables; the
        // built commands stand in for /usr/local/bin's.
        let api = try FixtureAPI(self, root: Self.packageRoot)
        let home = makeTemporaryDirectory(self)
        let log = home + "/.essential-feed.log"
        func run(_ url: String) throws -> CommandResult {
            try Command.run("/bin/sh", ["-c", command], environment: [
                "HOME": home, "URL": url, "PATH": BuiltCommands.directory + ":" + path,
            ])
        }
        let first = try run(api.feedURL)
        XCTAssertEqual(first.status, 0, first.err)
        XCTAssertEqual(first.out + first.err, "", "everything the entry prints goes to its log")
        XCTAssertEqual(api.server.requests.count, 26, "the feed and its 25 images")
        let second = try run(api.feedURL)
        XCTAssertEqual(second.status, 0, second.err)
        XCTAssertEqual(try String(contentsOfFile: log, encoding: .utf8), "", "nothing changed: nothing in the log")

        let failed = try run(api.server.url("/v1/no-such-feed"))
        XCTAssertEqual(failed.out + failed.err, "")
        let logged = try String(contentsOfFile: log, encoding: .utf8)
        XCTAssertTrue(logged.contains("feed-map: \(api.server.url("/v1/no-such-feed")): status 404"), "the failure's message is kept: \(logged)")
    }

    /// The README's indented (four-space) blocks in one section, each as its lines.
    private static func indentedBlocks(inSection heading: String) throws -> [[String]] {
        let text = try String(contentsOfFile: packageRoot + "/README.md", encoding: .utf8)
        var blocks: [[String]] = []
        var inSection = false
        var current: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("## ") { inSection = line == heading }
            if inSection, line.hasPrefix("    ") {
                current.append(String(line.dropFirst(4)))
            } else if !current.isEmpty {
                blocks.append(current)
                current = []
            }
        }
        return blocks
    }
}
