import Foundation
import FeedPlatform
import FeedTestSupport

/// A built command run to its end by posix_spawn (stdin /dev/null, stdout and
/// stderr files), reaped by wait4 (ChildProcess), its peak resident memory sampled while it
/// runs from /proc/PID/status (VmHWM, the high-water mark of its own address
/// space). Not wait4's ru_maxrss: Linux counts in it the address space the
/// child had before its exec, which posix_spawn (and fork) share with, or
/// copy from, this test process, so it reports the test's own peak.
struct PeakMemoryRun {
    var status: Int32
    var peakBytes: Int
    var seconds: Double

    static func run(_ tool: String, _ arguments: [String], environment: [String: String], stdin: String = "/dev/null",
                    stdout: String, stderr: String, timeout: Double = 600) throws -> PeakMemoryRun {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, stdin, O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, stdout, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, stderr, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let path = try Command.path(tool)
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = Command.environment(environment).map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        let started = Date()
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, path, &actions, nil, argv, envp)
        guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EINVAL) }
        var peak = 0
        var ended: ChildProcessEnd?
        while ended == nil {
            if Date().timeIntervalSince(started) > timeout { // a watchdog: the test fails on the signal
                kill(pid, SIGKILL)
                ended = try ChildProcess.reap(pid)
                break
            }
            peak = max(peak, highWaterMark(of: pid) ?? 0)
            ended = try ChildProcess.reapIfEnded(pid)
            if ended == nil { usleep(500) }
        }
        let status = ended?.exitCode ?? 128 + (ended?.terminatingSignal ?? 0)
        return PeakMemoryRun(status: status, peakBytes: peak, seconds: Date().timeIntervalSince(started))
    }

    /// VmHWM of a running process, in bytes; nil once it has gone.
    private static func highWaterMark(of pid: pid_t) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
              let kibibytes = Int(line.split(separator: " ").dropFirst().first ?? "") else { return nil }
        return kibibytes * 1024
    }
}
