import XCTest
import FeedCore
import FeedCommands
import FeedTestSupport

/// feed-map over in-memory standard I/O: the feed mapper use case, the pipe's
/// rules and the exit codes. The process tests (CommandTests) keep the real
/// pipes, signals and mapped files.
///
/// What the `FeedMap*CommandTests` share: feed-map run over in-memory
/// standard I/O, and reading what it wrote.
protocol FeedMapCommandTesting: XCTestCase {}

extension FeedMapCommandTesting {

    func run(_ arguments: [String] = [], stdin: BytesSource, stdoutIsTerminal: Bool = false,
             stdoutRefusingAfter limit: Int? = nil) -> RunResult {
        let io = makeIO(stdin: stdin, stdoutIsTerminal: stdoutIsTerminal, stdoutRefusingAfter: limit)
        let code = FeedMapCommand().run(arguments, io.standardIO)
        return RunResult(code: code, io: io)
    }

    /// The kinds of the error records on stdout, in order.
    func errorKinds(_ result: RunResult, file: StaticString = #filePath, line: UInt = #line) -> [String] {
        jsonValues(result.io.output.bytes, file: file, line: line).compactMap { $0["error"]?["kind"]?.stringValue }
    }

    /// A pretty stream read back and written compact, one line each.
    func recompacted(_ bytes: [UInt8]) -> String {
        jsonValues(bytes).map { String(decoding: JSONWriter().line($0), as: UTF8.self) }.joined()
    }

    func quoted(_ text: String) -> String {
        var out: [UInt8] = []
        JSONWriter.appendString(text, to: &out)
        return String(decoding: out, as: UTF8.self)
    }
}
