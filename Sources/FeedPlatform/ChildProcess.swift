/// A child process's end, as wait4(2) reported it.
public struct ChildProcessEnd {
    /// The raw wait status (what WIFEXITED and the like take apart).
    public var status: Int32
    /// The resources the child itself used (its CPU time, its ru_maxrss).
    public var usage: rusage

    /// Its exit code (WEXITSTATUS), nil if a signal ended it.
    public var exitCode: Int32? { status & 0x7F == 0 ? (status >> 8) & 0xFF : nil }
    /// The signal that ended it (WTERMSIG), nil if it exited.
    public var terminatingSignal: Int32? { status & 0x7F == 0 ? nil : status & 0x7F }
}

/// Reaping a child process, for the few callers that start one with
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
