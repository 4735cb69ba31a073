import XCTest
import FeedCore
import FeedCommands
import FeedTestSupport

/// feed-map's standard input, options, help and version.
final class FeedMapOptionsCommandTests: XCTestCase, FeedMapCommandTesting {

    // MARK: - Standard input

    func test_run_readsEmptyStdinAsNotFound() {
        for input in [BytesSource.empty, BytesSource(" \n\t\r\n")] {
            let result = run(stdin: input)

            XCTAssertEqual(result.code, 66)
            XCTAssertEqual(result.stderr, "feed-map: no input: expected response records on standard input\n")
            XCTAssertEqual(result.stdout, Fixture.errorRecord(kind: "not-found", message: "no input: expected response records on standard input") + "\n")
        }
    }

    func test_run_refusesATerminalOnStdinAsUsage() {
        let result = run(stdin: .terminal)

        XCTAssertEqual(result.code, 64)
        XCTAssertEqual(result.stderrLines.count, 1)
        XCTAssertTrue(result.stderr.hasPrefix("feed-map: standard input is a terminal"), result.stderr)
        XCTAssertTrue(result.stderr.contains("feed-map --help"), result.stderr)
        XCTAssertEqual(errorKinds(result), ["usage"])
    }

    // MARK: - Options

    func test_run_printsHelpOnStdoutAndExitsZero() {
        for option in ["--help", "-h"] {
            let result = run([option], stdin: .terminal)

            XCTAssertEqual(result.code, 0, option)
            XCTAssertTrue(result.stdout.hasPrefix("usage: feed-map"), result.stdout)
            XCTAssertTrue(result.stdout.hasSuffix("\n"))
            XCTAssertEqual(result.stderr, "")
        }
    }

    func test_run_printsTheVersion() {
        let result = run(["--version"], stdin: .terminal)

        XCTAssertEqual(result.code, 0)
        XCTAssertEqual(result.stdout, "feed-map \(ToolsetVersion.string)\n")
        XCTAssertEqual(result.stderr, "")
    }

    func test_run_rejectsAnUnknownOptionAsUsageWithAHint() {
        let result = run(["--nope"], stdin: .lines(Fixture.feedPayload))

        XCTAssertEqual(result.code, 64)
        XCTAssertEqual(result.stderr, "feed-map: unknown option '--nope' (see 'feed-map --help')\n")
        XCTAssertEqual(result.stdout, Fixture.errorRecord(kind: "usage", message: "unknown option '--nope' (see 'feed-map --help')") + "\n")
    }

    func test_run_rejectsBadArgumentsAsUsageWithAHintBeforeReadingStdin() {
        for arguments in [["extra"], ["--schema", "birds"], ["--format", "xml"], ["--schema"], ["--pretty=yes"]] {
            let result = run(arguments, stdin: .terminal, stdoutIsTerminal: true)

            XCTAssertEqual(result.code, 64, "\(arguments)")
            XCTAssertEqual(result.stdout, "", "\(arguments)")
            XCTAssertEqual(result.stderrLines.count, 1, "\(arguments)")
            XCTAssertTrue(result.stderr.hasPrefix("feed-map: "), result.stderr)
            XCTAssertTrue(result.stderr.hasSuffix("(see 'feed-map --help')\n"), result.stderr)
            XCTAssertFalse(result.stderr.contains("standard input"), result.stderr)
        }
    }

    func test_run_takesOperandLookingArgumentsAfterDoubleDashAsOperands() {
        let result = run(["--", "--pretty"], stdin: .lines(Fixture.feedPayload), stdoutIsTerminal: true)

        XCTAssertEqual(result.code, 64)
        XCTAssertEqual(result.stderr, "feed-map: unexpected argument '--pretty' (see 'feed-map --help')\n")
    }
}
