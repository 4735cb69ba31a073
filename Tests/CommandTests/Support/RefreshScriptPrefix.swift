import Foundation
import XCTest
import FeedTestSupport

/// systemd/essential-feed-refresh laid out as `make install` lays it out,
/// in a temporary PREFIX: the script in PREFIX/lib/essential-feed/, the built
/// commands linked in PREFIX/bin, where the script looks for them first.
enum RefreshScriptPrefix {
    static let tools = ["feed-fetch", "feed-map", "feed-comments", "feed-cache"]

    /// The script's path in a fresh PREFIX, removed when the test ends.
    static func make(_ test: XCTestCase, packageRoot: String) throws -> String {
        let prefix = makeTemporaryDirectory(test)
        let files = FileManager.default
        try files.createDirectory(atPath: prefix + "/bin", withIntermediateDirectories: true)
        try files.createDirectory(atPath: prefix + "/lib/essential-feed", withIntermediateDirectories: true)
        for tool in tools {
            try files.createSymbolicLink(atPath: prefix + "/bin/" + tool, withDestinationPath: try BuiltCommands.path(tool))
        }
        let script = prefix + "/lib/essential-feed/essential-feed-refresh"
        try files.copyItem(atPath: packageRoot + "/systemd/essential-feed-refresh", toPath: script)
        return script
    }
}
