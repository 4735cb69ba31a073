@testable import FeedCommands
import XCTest

/// The option lines of --help, made from a row of the table: an option's
/// help starts on its own line at the column when the names leave two
/// spaces before it, else on the next line, under the column.
final class OptionHelpTests: XCTestCase {
    func test_lines_namesThatLeaveTwoSpacesBeforeTheColumn_haveTheirHelpBesideThem() {
        // "  " + "    " (no short name) + "--pretty": 14 columns.
        let help = OptionHelp(options: [OptionSpec(.pretty, help: "indent it")], column: 16)

        XCTAssertEqual(help.lines, "      --pretty  indent it")
    }

    func test_lines_namesThatLeaveLessThanTwoSpaces_haveTheirHelpOnTheNextLineAtTheColumn() {
        let help = OptionHelp(options: [OptionSpec(.pretty, help: "indent it\nfor people")], column: 15)

        XCTAssertEqual(help.lines, "      --pretty\n" + String(repeating: " ", count: 15) + "indent it\n"
                       + String(repeating: " ", count: 15) + "for people")
    }

    func test_lines_aShortName_isWrittenBeforeTheLongOne() {
        let help = OptionHelp(options: [OptionSpec(.help, help: "show this help and exit")], column: 20)

        XCTAssertEqual(help.lines, "  -h, --help        show this help and exit")
    }
}
