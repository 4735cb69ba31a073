import Foundation
import XCTest
import FeedPlatform
import FeedTestSupport

/// What a finished process left behind.
struct CommandResult {
    var status: Int32
    /// True if the process ended by a signal (then `status` is the signal).
    var signaled: Bool
    var stdout: [UInt8]
    var stderr: [UInt8]

    var out: String { String(decoding: stdout, as: UTF8.self) }
    var err: String { String(decoding: stderr, as: UTF8.self) }
    /// The lines of stderr (no empty trailing line).
    var errLines: [String] { err.split(separator: "\n", omittingEmptySubsequences: true).map(String.init) }
    var outLines: [String] { out.split(separator: "\n", omittingEmptySubsequences: true).map(String.init) }

    /// stdout parsed as NDJSON objects.
    func records(file: StaticString = #filePath, line: UInt = #line) -> [[String: Any]] {
        outLines.compactMap { text in
            guard let object = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] else {
                XCTFail("not a JSON object line: \(text)", file: file, line: line)
                return nil
            }
            return object
        }
    }
}

/// Runs the built executables as real processes, with real pipes.
enum Command {
    /// The full path of the built `tool` (BuiltCommands: an error naming it
    /// and the folder looked in when it is not built).
    static func path(_ tool: String) throws -> String { try BuiltCommands.path(tool) }

    /// A PATH with the built tools first.
    static var searchPath: String {
        BuiltCommands.directory + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
    }

    /// The environment for a run: the test's own, minus anything that would
    /// point at the user's real cache, plus `environment`.
    static func environment(_ extra: [String: String]) -> [String: String] {
        var env = ProcessInfo.processInfo.environment
        for name in ["FEED_CACHE_DIR", "FEED_CACHE_MAX_AGE", "FEED_CACHE_LOCK_TIMEOUT", "XDG_CACHE_HOME", "FAKETIME", "LD_PRELOAD"] { env[name] = nil }
        env["PATH"] = searchPath
        for (key, value) in extra { env[key] = value }
        return env
    }

    /// Starts `executable` with `arguments`; `stdin` nil means an empty, closed pipe.
    static func start(_ executable: String, _ arguments: [String], stdin: [UInt8]? = nil,
                      keepStdinOpen: Bool = false, environment extra: [String: String] = [:]) throws -> RunningCommand {
        let process = Process()
        process.executableURL = try URL(fileURLWithPath: executable.hasPrefix("/") ? executable : path(executable))
        process.arguments = arguments
        process.environment = environment(extra)
        let input = Pipe(), output = Pipe(), errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        let running = RunningCommand(process: process, output: output, errors: errors)
        try process.run()
        running.startReading()
        let writer = input.fileHandleForWriting
        let bytes = stdin ?? []
        DispatchQueue.global().async {
            if !bytes.isEmpty {
                Signals.ignore([SIGPIPE])
                // Stops at the first failure (EPIPE: the command stopped reading).
                try? FileDescriptor.writeAll(writer.fileDescriptor, bytes)
            }
            if keepStdinOpen {
                running.keepAlive(writer)
            } else {
                try? writer.close()
            }
        }
        return running
    }

    /// Runs a tool to its end.
    static func run(_ tool: String, _ arguments: [String] = [], stdin: String? = nil, stdinBytes: [UInt8]? = nil,
                    environment: [String: String] = [:], timeout: Double = 60) throws -> CommandResult {
        let running = try start(tool, arguments, stdin: stdinBytes ?? stdin.map { Array($0.utf8) }, environment: environment)
        return running.wait(timeout: timeout)
    }

    /// Runs `script` with /bin/sh -c, the built tools on PATH.
    static func sh(_ script: String, stdin: String? = nil, environment: [String: String] = [:], timeout: Double = 60) throws -> CommandResult {
        try BuiltCommands.requireAll()
        return try run("/bin/sh", ["-c", script], stdin: stdin, environment: environment, timeout: timeout)
    }
}

/// A process under way.
final class RunningCommand: @unchecked Sendable {
    let process: Process
    private let output: Pipe
    private let errors: Pipe
    private var stdout: [UInt8] = []
    private var stderr: [UInt8] = []
    private let done = DispatchGroup()

    init(process: Process, output: Pipe, errors: Pipe) {
        self.process = process
        self.output = output
        self.errors = errors
    }

    private let lock = NSLock()
    private var openInput: FileHandle?

    /// Holds the write end of stdin open until the test closes it (or the process ends).
    func keepAlive(_ handle: FileHandle) { lock.withLock { openInput = handle } }

    func closeInput() { lock.withLock { try? openInput?.close(); openInput = nil } }

    func startReading() {
        done.enter()
        done.enter()
        DispatchQueue.global().async {
            self.drain(self.output.fileHandleForReading.fileDescriptor) { chunk in self.stdout.append(contentsOf: chunk) }
            self.done.leave()
        }
        DispatchQueue.global().async {
            self.drain(self.errors.fileHandleForReading.fileDescriptor) { chunk in self.stderr.append(contentsOf: chunk) }
            self.done.leave()
        }
    }

    private func drain(_ fd: Int32, into append: ([UInt8]) -> Void) {
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let got = buffer.withUnsafeMutableBytes { (try? FileDescriptor.readSome(fd, into: $0)) ?? 0 }
            if got == 0 { return }
            lock.withLock { append(Array(buffer[0..<got])) }
        }
    }

    /// What the process has written to stdout so far.
    var outputSoFar: [UInt8] { lock.withLock { stdout } }

    /// Waits until stdout holds at least `count` bytes; false after `timeout` seconds.
    func waitForOutput(_ count: Int, timeout: Double) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while outputSoFar.count < count {
            if Date() >= deadline { return false }
            usleep(2000)
        }
        return true
    }

    var pid: Int32 { process.processIdentifier }

    func send(_ signal: Int32) {
        kill(process.processIdentifier, signal)
    }

    /// Waits for the end; a process still running after `timeout` seconds is
    /// killed (and the test fails).
    func wait(timeout: Double = 60, file: StaticString = #filePath, line: UInt = #line) -> CommandResult {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(5_000) }
        if process.isRunning {
            XCTFail("process did not finish within \(timeout)s: \(process.arguments ?? [])", file: file, line: line)
            process.terminate()
            kill(process.processIdentifier, SIGKILL)
        }
        process.waitUntilExit()
        closeInput()
        _ = done.wait(timeout: .now() + 10)
        return lock.withLock {
            CommandResult(status: process.terminationStatus,
                          signaled: process.terminationReason == .uncaughtSignal,
                          stdout: stdout, stderr: stderr)
        }
    }
}

/// A fresh temporary directory, removed when the test ends.
func makeTemporaryDirectory(_ testCase: XCTestCase) -> String {
    let path = NSTemporaryDirectory() + "feed-tests-" + UUID().uuidString
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    testCase.addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
    return path
}

/// Quotes a string for /bin/sh.
func shellQuote(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
}

/// The JSON text of a bare feed payload.
func feedPayload(_ items: [[String: Any]]) -> String {
    let data = (try? JSONSerialization.data(withJSONObject: ["items": items], options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data()
    return String(decoding: data, as: UTF8.self)
}
