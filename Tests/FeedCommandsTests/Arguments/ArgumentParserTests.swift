import XCTest
import FeedCore
import FeedCommands

final class ArgumentParserTests: XCTestCase {

    func test_parse_deliversOperandsWhenThereAreNoOptions() throws {
        let parsed = try makeSUT().parse(["https://a", "https://b"])

        XCTAssertEqual(parsed.operands, ["https://a", "https://b"])
        XCTAssertTrue(parsed.values.isEmpty)
        XCTAssertEqual(parsed.given.map(\.canonical), [])
    }

    func test_parse_deliversNothingForNoArguments() throws {
        let parsed = try makeSUT().parse([])

        XCTAssertEqual(parsed.operands, [])
        XCTAssertTrue(parsed.values.isEmpty)
    }

    func test_parse_readsShortOptionValuesSeparateOrAttached() throws {
        XCTAssertEqual(try makeSUT().parse(["-j", "4"]).value("-j"), "4")
        XCTAssertEqual(try makeSUT().parse(["-j4"]).value("-j"), "4")
        XCTAssertEqual(try makeSUT().parse(["-j", "-5"]).value("-j"), "-5")
    }

    func test_parse_readsLongOptionValuesSeparateOrAfterEquals() throws {
        XCTAssertEqual(try makeSUT().parse(["--timeout", "5"]).value("--timeout"), "5")
        XCTAssertEqual(try makeSUT().parse(["--timeout=5"]).value("--timeout"), "5")
        XCTAssertEqual(try makeSUT().parse(["--timeout=a=b"]).value("--timeout"), "a=b")
        XCTAssertEqual(try makeSUT().parse(["--timeout="]).value("--timeout"), "")
        XCTAssertEqual(try makeSUT().parse(["--timeout", "--pretty"]).value("--timeout"), "--pretty")
    }

    func test_parse_recordsFlagsByTheirCanonicalName() throws {
        let parsed = try makeSUT().parse(["-h", "-q", "--pretty"])

        XCTAssertTrue(parsed.has("--help"))
        XCTAssertTrue(parsed.has("--quiet"))
        XCTAssertTrue(parsed.has("--pretty"))
        XCTAssertFalse(parsed.has("-h"))
        XCTAssertFalse(parsed.has("--timeout"))
        XCTAssertEqual(parsed.given.map(\.canonical), ["--help", "--quiet", "--pretty"])
    }

    func test_parse_readsGroupedShortFlagsAndAFinalValue() throws {
        let parsed = try makeSUT().parse(["-qhj8", "url"])

        XCTAssertTrue(parsed.has("--quiet"))
        XCTAssertTrue(parsed.has("--help"))
        XCTAssertEqual(parsed.value("-j"), "8")
        XCTAssertEqual(parsed.operands, ["url"])
        XCTAssertEqual(parsed.given.map(\.canonical), ["--quiet", "--help", "-j"])
    }

    func test_parse_readsAValueAfterAGroupOfFlagsFromTheNextArgument() throws {
        let parsed = try makeSUT().parse(["-qj", "3"])

        XCTAssertTrue(parsed.has("--quiet"))
        XCTAssertEqual(parsed.value("-j"), "3")
        XCTAssertEqual(parsed.operands, [])
    }

    func test_parse_mixesOptionsAndOperands() throws {
        let parsed = try makeSUT().parse(["a", "-j", "2", "b", "--pretty", "c"])

        XCTAssertEqual(parsed.operands, ["a", "b", "c"])
        XCTAssertEqual(parsed.value("-j"), "2")
        XCTAssertTrue(parsed.has("--pretty"))
    }

    func test_parse_keepsEveryValueOfARepeatedOptionAndAnswersTheLast() throws {
        let parsed = try makeSUT().parse(["-j", "1", "--timeout", "3", "-j2"])

        XCTAssertEqual(parsed.values(named: "-j"), ["1", "2"])
        XCTAssertEqual(parsed.value("-j"), "2")
        XCTAssertEqual(parsed.given.map(\.canonical), ["-j", "--timeout", "-j"])
    }

    func test_parse_endsOptionsAtDoubleDash() throws {
        let parsed = try makeSUT().parse(["--pretty", "--", "-j", "--unknown", "--", "-"])

        XCTAssertTrue(parsed.has("--pretty"))
        XCTAssertFalse(parsed.has("-j"))
        XCTAssertEqual(parsed.operands, ["-j", "--unknown", "--", "-"])
    }

    func test_parse_takesALoneDashAsAnOperand() throws {
        XCTAssertEqual(try makeSUT().parse(["-"]).operands, ["-"])
    }

    func test_parse_throwsUsageErrorWithAHintOnUnknownLongOption() {
        assertUsageError(["--nope"], "unknown option '--nope' (see 'feed-test --help')")
        assertUsageError(["--nope=1"], "unknown option '--nope' (see 'feed-test --help')")
        assertUsageError(["--Pretty"], "unknown option '--Pretty' (see 'feed-test --help')")
    }

    func test_parse_throwsUsageErrorOnUnknownShortOption() {
        assertUsageError(["-x"], "unknown option '-x' (see 'feed-test --help')")
        assertUsageError(["-qx"], "unknown option '-x' (see 'feed-test --help')")
    }

    func test_parse_throwsUsageErrorOnAMissingValue() {
        assertUsageError(["-j"], "option '-j' needs a value (see 'feed-test --help')")
        assertUsageError(["--timeout"], "option '--timeout' needs a value (see 'feed-test --help')")
        assertUsageError(["url", "-qj"], "option '-j' needs a value (see 'feed-test --help')")
    }

    func test_parse_throwsUsageErrorOnAValueGivenToAFlag() {
        assertUsageError(["--pretty=yes"], "option '--pretty' takes no value (see 'feed-test --help')")
    }

    func test_parse_doesNotTakeAnOptionPrefixAsTheOption() {
        assertUsageError(["--time", "5"], "unknown option '--time' (see 'feed-test --help')")
    }

    func test_usageError_pointsAtHelp() {
        XCTAssertEqual(makeSUT().usageError("bad"), ToolError(.usage, "bad (see 'feed-test --help')"))
    }

    func test_optionSpec_isCanonicallyNamedByItsLastName() {
        XCTAssertEqual(OptionSpec(OptionKey("-h", "--help")).canonical, "--help")
        XCTAssertEqual(OptionSpec(OptionKey("-j", value: "N")).canonical, "-j")
        XCTAssertEqual(OptionSpec(OptionKey("-j", value: "N")).value, "N")
        XCTAssertNil(OptionSpec(OptionKey("--pretty")).value)
    }

    // MARK: - Helpers

    private func makeSUT() -> ArgumentParser {
        ArgumentParser(tool: "feed-test", options: [
            OptionSpec(OptionKey("-j", value: "N")),
            OptionSpec(OptionKey("--timeout", value: "SECONDS")),
            OptionSpec(OptionKey("-q", "--quiet")),
            OptionSpec(OptionKey("--pretty")),
            OptionSpec(OptionKey("-h", "--help")),
        ])
    }

    private func assertUsageError(_ arguments: [String], _ message: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try makeSUT().parse(arguments), "\(arguments)", file: file, line: line) { error in
            XCTAssertEqual(error as? ToolError, ToolError(.usage, message), file: file, line: line)
        }
    }
}

/// The test's options looked up by their canonical names (the commands read
/// theirs by key: `OptionKey`).
extension ParsedArguments {
    func has(_ name: String) -> Bool { !values(named: name).isEmpty }
    func value(_ name: String) -> String? { values(named: name).last }
    func values(named name: String) -> [String] { values.first { $0.key.canonical == name }?.value ?? [] }
}
