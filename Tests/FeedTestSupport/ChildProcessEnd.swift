import FeedPlatform

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
