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
            now: { SystemClock.now() }
        )
    }

    /// Nothing if the file's first byte can be read (or it is empty); why
    /// not, as `readFileFromDisk` would say it.
    public static func checkReadableOnDisk(_ path: String) throws(ToolError) {
        let file = open(path, O_RDONLY | O_CLOEXEC)
        guard file >= 0 else { throw ToolError(.usage, "cannot read \(path): \(SystemError.current)") }
        defer { close(file) }
        var byte: UInt8 = 0
        guard read(file, &byte, 1) >= 0 else { throw ToolError(.usage, "cannot read \(path): \(SystemError.current)") }
    }

    /// A regular file's bytes; why not, as a usage error (it was named on the command line).
    public static func readFileFromDisk(_ path: String) throws(ToolError) -> [UInt8] {
        let file = open(path, O_RDONLY | O_CLOEXEC)
        guard file >= 0 else { throw ToolError(.usage, "cannot read \(path): \(SystemError.current)") }
        defer { close(file) }
        do {
            return try FileDescriptor.readAll(file)
        } catch {
            throw ToolError(.usage, "cannot read \(path): \(error)")
        }
    }
}
