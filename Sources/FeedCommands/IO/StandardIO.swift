import FeedCore
import FeedPlatform
import FeedStoreFiles

/// What a command is given to work with: its standard input, output and
/// error, its environment and a clock. The process's own in `main`, buffers
/// and a fixed clock in a test.
public struct StandardIO {
    public var input: ByteSource
    public var output: ByteSink
    public var errors: ByteSink
    public var environment: (String) -> String?
    public var now: @Sendable () -> Timestamp
    /// The whole content of a file a command is pointed at (`-H @FILE`), up
    /// to a limit: a file that holds more is a usage error.
    public var readFile: (_ path: String, _ limit: Int) throws(ToolError) -> [UInt8]
    /// Whether a file can be read, without reading it all (`--cacert`: a CA
    /// bundle is large, and only a TLS transfer reads it).
    public var checkReadable: (String) throws(ToolError) -> Void
    /// Where the new file of `-o FILE` is reported, so a cancel removes it.
    public var temporaryFiles: TemporaryFileRegistry = UnwatchedTemporaryFiles()

    public init(input: ByteSource, output: ByteSink, errors: ByteSink,
                environment: @escaping (String) -> String?, now: @escaping @Sendable () -> Timestamp,
                readFile: @escaping (String, Int) throws(ToolError) -> [UInt8] = StandardIO.readFileFromDisk,
                checkReadable: @escaping (String) throws(ToolError) -> Void = StandardIO.checkReadableOnDisk) {
        self.input = input
        self.output = output
        self.errors = errors
        self.environment = environment
        self.now = now
        self.readFile = readFile
        self.checkReadable = checkReadable
    }
}

extension StandardIO {
    /// Standard error for `feed-fetch -v`, whose lines come from libcurl's
    /// thread: the caller writes one block at a time (its lock), and the
    /// process's stderr, a descriptor and nothing else, may be written from
    /// any thread (as a test's buffer is while only one thread writes it).
    public var errorsFromAnyThread: @Sendable ([UInt8]) -> Void {
        let errors = ErrorsHandle(sink: errors)
        return { errors.sink.write($0) }
    }
}

private struct ErrorsHandle: @unchecked Sendable {
    let sink: ByteSink
}

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
