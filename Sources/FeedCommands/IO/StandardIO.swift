import FeedCore
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
