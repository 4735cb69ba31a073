import XCTest
import FeedCore
import FeedCommands

/// A numeric option's range, declared with it, is checked by the parser as
/// the arguments are read: in range the value is kept as written, out of it
/// (or not a number of its kind) is `usage` naming the option as given and
/// the range, before any option after it is looked at.
final class OptionRangeTests: XCTestCase {
    private let parser = ArgumentParser(tool: "t", options: [
        OptionSpec(OptionKey("-n", "--count", value: "N"), range: CacheConfiguration.maxAgeRange),
    ])

    func test_parse_keepsAValueInRange_asWritten() throws {
        for value in ["0s", "36500d", "1d12h"] {
            XCTAssertEqual(try parser.parse(["--count", value]).value("--count"), value)
        }
    }

    func test_parse_refusesAValueOutOfRange_namingTheOptionAsGivenAndTheRange() {
        for (arguments, named) in [(["--count", "36501d"], "--count"), (["-n36501d"], "-n"), (["--count=99999999999999999999d"], "--count"),
                                   (["-n", "12"], "-n")] {
            XCTAssertThrowsError(try parser.parse(arguments + ["--unknown"])) { error in
                let message = (error as? ToolError)?.message ?? ""
                XCTAssertEqual((error as? ToolError)?.kind, .usage)
                XCTAssertTrue(message.hasPrefix("\(named) needs a duration"), message)
                XCTAssertTrue(message.contains("from 0s to 36500d, got '"), message)
            }
        }
    }

    func test_quantities_describeTheBoundsAsTheyAreWritten() {
        XCTAssertEqual(Quantities.describeBytes(4 << 30), "4G")
        XCTAssertEqual(Quantities.describeBytes(64 << 20), "64M")
        XCTAssertEqual(Quantities.describeBytes(1), "1")
        XCTAssertEqual(Quantities.describeBytes(1536), "1536")
        XCTAssertEqual(Quantities.describeSeconds(0.001), "0.001")
        XCTAssertEqual(Quantities.describeSeconds(86400), "86400")
        XCTAssertEqual(Quantities.wholeNumber("+4"), nil, "digits only")
        XCTAssertEqual(Quantities.wholeNumber("99999999999999999999"), nil, "too large for a whole number")
        XCTAssertEqual(Quantities.wholeNumber("007"), 7)
    }
}
