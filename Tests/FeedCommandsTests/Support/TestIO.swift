import FeedCore
import FeedCommands
import FeedTestSupport

/// A clock that stands still until a test moves it.
final class TestClock {
    var now: Timestamp

    init(_ now: Timestamp = .commandTestNow) {
        self.now = now
    }

    func advance(seconds: Int64) {
        now = now.adding(seconds: seconds)
    }
}

extension Timestamp {
    /// The fixed "now" of the command tests: 2025-11-21T22:00:00.250Z.
    static let commandTestNow = Timestamp.cacheTestNow
}

/// One run's standard I/O in memory: stdin from bytes (or a terminal),
/// stdout and stderr collected, an environment from a dictionary, a fixed clock.
struct TestIO {
    let input: BytesSource
    let output: BufferSink
    let errors: BufferSink
    let environment: [String: String]
    let clock: TestClock

    init(stdin input: BytesSource = .terminal,
         stdout output: BufferSink = BufferSink(),
         stderr errors: BufferSink = BufferSink(),
         environment: [String: String] = [:],
         clock: TestClock = TestClock()) {
        self.input = input
        self.output = output
        self.errors = errors
        self.environment = environment
        self.clock = clock
    }

    var standardIO: StandardIO {
        let environment = self.environment, clock = self.clock
        return StandardIO(input: input, output: output, errors: errors,
                          environment: { environment[$0] }, now: { clock.now })
    }

    var stdout: String { output.text }
    var stderr: String { errors.text }
}

/// What a run left behind: its exit code and what it wrote.
struct RunResult {
    let code: Int32
    let io: TestIO

    var stdout: String { io.output.text }
    var stderr: String { io.errors.text }
    var stdoutLines: [String] { io.output.lines }
    var stderrLines: [String] { io.errors.lines }
}

/// Builds a StandardIO with a fixed clock and an environment dictionary,
/// for a command that has one `run(_:_:)`.
func makeIO(stdin: BytesSource = .terminal, stdoutIsTerminal: Bool = false, stderrIsTerminal: Bool = false,
            stdoutRefusingAfter limit: Int? = nil, environment: [String: String] = [:],
            clock: TestClock = TestClock()) -> TestIO {
    TestIO(stdin: stdin,
           stdout: BufferSink(isTerminal: stdoutIsTerminal, refusingWritesAfter: limit),
           stderr: BufferSink(isTerminal: stderrIsTerminal),
           environment: environment,
           clock: clock)
}
