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

    /// A file's bytes, at most `limit` of them (a FIFO's too: it is read to
    /// its end); a longer one, or why it cannot be read, as a usage error (it
    /// was named on the command line). Memory holds `limit` bytes at most.
    public static func readFileFromDisk(_ path: String, atMost limit: Int) throws(ToolError) -> [UInt8] {
        let bytes: [UInt8]
        do throws(SystemError) {
            let file = try FileDescriptor.open(path, O_RDONLY | O_CLOEXEC)
            defer { FileDescriptor.close(file) }
            var failure: SystemError?
            bytes = [UInt8](unsafeUninitializedCapacity: limit + 1) { buffer, count in
                do throws(SystemError) {
                    count = try FileDescriptor.readFully(file, into: UnsafeMutableRawBufferPointer(buffer))
                } catch {
                    failure = error
                    count = 0
                }
            }
            if let failure { throw failure }
        } catch {
            throw ToolError(.usage, "cannot read \(path): \(error)")
        }
        guard bytes.count <= limit else { throw ToolError(.usage, "\(path) holds more than \(limit) bytes") }
        return bytes
    }
}
