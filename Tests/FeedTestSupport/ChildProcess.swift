import FeedPlatform

/// Reaping a child process, for the few tests that start one with
/// posix_spawn rather than Foundation's Process: wait4(2) through
/// `SystemCall`, so that a wait a signal interrupted is made again.
public enum ChildProcess {
    /// wait4(2) without waiting (WNOHANG): nil while `pid` still runs, its
    /// end once it has ended (and it is reaped).
    public static func reapIfEnded(_ pid: pid_t) throws(SystemError) -> ChildProcessEnd? {
        var status: Int32 = 0, usage = rusage()
        let reaped = try SystemCall.value { wait4(pid, &status, WNOHANG, &usage) }
        return reaped == 0 ? nil : ChildProcessEnd(status: status, usage: usage)
    }

    /// wait4(2): waits for `pid` to end, and reaps it.
    public static func reap(_ pid: pid_t) throws(SystemError) -> ChildProcessEnd {
        var status: Int32 = 0, usage = rusage()
        _ = try SystemCall.value { wait4(pid, &status, 0, &usage) }
        return ChildProcessEnd(status: status, usage: usage)
    }
}
