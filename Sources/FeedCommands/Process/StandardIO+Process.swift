import FeedCore
import FeedPlatform

extension StandardIO {
    /// The process's own: file descriptors 0, 1 and 2, its environment, the
    /// system clock. `tool` names it in the one message a fault handler writes.
    public static func process(tool: String) -> StandardIO {
        let output = FileDescriptorSink(1)
        var io = StandardIO(
            input: StandardInputSource(tool: tool, stdoutIsTerminal: output.isTerminal),
            output: output,
            errors: FileDescriptorSink(2),
            environment: { name in ProcessEnvironment.value(name) },
            now: { SystemClock.now() }
        )
        io.temporaryFiles = CancelCourse.temporaryFiles
        return io
    }

    /// Nothing if the file's first byte can be read (or it is empty); why
    /// not, as `readFileFromDisk` would say it.
    public static func checkReadableOnDisk(_ path: String) throws(ToolError) {
        do throws(SystemError) {
            let file = try FileDescriptor.open(path, O_RDONLY | O_CLOEXEC)
            defer { FileDescriptor.close(file) }
            var byte: UInt8 = 0
            _ = try withUnsafeMutableBytes(of: &byte) { (buffer) throws(SystemError) in try FileDescriptor.readSome(file, into: buffer) }
        } catch {
            throw ToolError(.usage, "cannot read \(path): \(error)")
        }
    }

    /// A regular file's bytes; why not, as a usage error (it was named on the command line).
    public static func readFileFromDisk(_ path: String) throws(ToolError) -> [UInt8] {
        do throws(SystemError) {
            let file = try FileDescriptor.open(path, O_RDONLY | O_CLOEXEC)
            defer { FileDescriptor.close(file) }
            return try FileDescriptor.readAll(file)
        } catch {
            throw ToolError(.usage, "cannot read \(path): \(error)")
        }
    }
}
