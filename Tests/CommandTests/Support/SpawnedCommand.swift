import Foundation
import XCTest
import FeedPlatform
import FeedTestSupport

/// A built command started with posix_spawn: its stdin a pipe the test
/// writes to as slowly as it likes, its stdout and stderr files. Its peak
/// memory is its VmHWM, read while it runs: wait4's ru_maxrss will not do,
/// for posix_spawn's vfork hands the child the test's own peak at exec.
final class SpawnedCommand: @unchecked Sendable {
    let pid: pid_t
    private let tool: String
    private let lock = NSLock()
    private var input: Int32
    private let outputPath: String
    private let errorsPath: String

    init(_ tool: String, _ arguments: [String], environment: [String: String], in directory: String) throws {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw POSIXError(.EMFILE) }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) } // not into other tests' children
        outputPath = directory + "/stdout-\(UUID().uuidString)"
        errorsPath = directory + "/stderr-\(UUID().uuidString)"
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, ends[0], 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errorsPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let path = try Command.path(tool)
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = Command.environment(environment).map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, path, &actions, nil, argv, envp)
        close(ends[0])
        guard spawned == 0 else {
            close(ends[1])
            throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EINVAL)
        }
        self.pid = pid
        self.tool = tool
        input = ends[1]
        Signals.ignore([SIGPIPE])
    }

    /// Writes all of `bytes` to its stdin; false once it has stopped reading.
    /// (Holding the lock: the descriptor is not closed, and its number reused, mid-write.)
    @discardableResult
    func write(_ bytes: [UInt8]) -> Bool {
        lock.withLock {
            guard input >= 0 else { return false }
            return (try? FileDescriptor.writeAll(input, bytes)) != nil
        }
    }

    func closeInput() {
        lock.withLock {
            if input >= 0 { close(input) }
            input = -1
        }
    }

    /// Its peak resident memory so far, in KiB (nil once it has ended).
    var peakResidentKiB: Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }) else { return nil }
        return Int(line.dropFirst("VmHWM:".count).trimmingCharacters(in: .whitespaces).dropLast(3))
    }

    /// Waits for its end (killing it after `timeout` seconds, and failing the test).
    func wait(timeout: Double = 300, file: StaticString = #filePath, line: UInt = #line) -> CommandResult {
        closeInput()
        let deadline = Date().addingTimeInterval(timeout)
        var ended: ChildProcessEnd?
        do {
            ended = try ChildProcess.reapIfEnded(pid)
            while ended == nil {
                if Date() > deadline {
                    XCTFail("\(tool) did not finish within \(timeout)s", file: file, line: line)
                    kill(pid, SIGKILL)
                    ended = try ChildProcess.reap(pid)
                    break
                }
                usleep(2_000)
                ended = try ChildProcess.reapIfEnded(pid)
            }
        } catch {
            XCTFail("waiting for \(tool): \(error)", file: file, line: line)
        }
        let status = ended?.status ?? 0
        let signaled = status & 0x7F != 0
        return CommandResult(status: signaled ? status & 0x7F : (status >> 8) & 0xFF, signaled: signaled,
                                   stdout: Array(FileManager.default.contents(atPath: outputPath) ?? Data()),
                                   stderr: Array(FileManager.default.contents(atPath: errorsPath) ?? Data()))
    }
}
