@testable import FeedCommands
import XCTest

/// feed-cache's options as the parser reads them: every option of the
/// command's row and of each subcommand's, once, as the rows first give it.
final class FeedCacheOptionsTests: XCTestCase {
    func test_all_isEveryOptionOfEveryRow_once_asTheRowsFirstGiveIt() {
        var expected: [OptionSpec] = []
        for spec in FeedCacheOptions.command + FeedCacheOptions.subcommands.flatMap(\.options)
        where !expected.contains(where: { $0.key == spec.key }) {
            expected.append(spec)
        }

        XCTAssertEqual(FeedCacheOptions.all.map(\.key), expected.map(\.key))
        XCTAssertEqual(FeedCacheOptions.all.map(\.choices), expected.map(\.choices))
        XCTAssertEqual(FeedCacheOptions.all.map(\.help), expected.map(\.help))
    }
}
