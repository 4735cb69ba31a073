import FeedCore
import FeedPlatform

extension StandardIO {
    /// The process's own: file descriptors 0, 1 and 2, its environment, the
    /// system clock. `tool` names it in the one message a fault handler writes.
    public static func process(tool: String) -> StandardIO {
        let output = FileDescriptorSink(1)
        return StandardIO(
            input: StandardInputSource(tool: tool, stdoutIsTerminal: output.isTerminal),
            output: output,
            errors: FileDescriptorSink(2),
            environment: { name in getenv(name).map { String(cString: $0) } },
            now: SystemClock.now
        )
    }
}
